#!/usr/bin/env python3
"""Rebuilds docs/examples/class-report.html and its screenshot from a demo class.

A fresh store in a temporary folder; class 3B of twelve students, each with a seeded skill;
three assignments; every student plays through `edujam play --driver jsonl` (a virtual clock,
so thinking times count) and answers right as often as their skill says. Same seeds, same
answers and results: only the dates move. Run it with `make example-report`.

usage: make-class-report.py [EDUJAM_BINARY]
"""
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EDUJAM = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build/debug/edujam"))
OUT = os.path.join(ROOT, "docs/examples")
STUDENTS = ["ana", "bo", "cy", "dara", "eli", "fen", "gus", "hana", "ivo", "jun", "kai", "lumi"]
ASSIGNMENTS = [("Sums before Friday", "MATH-JAM/LEVEL-1", "2026-11-27"),
               ("Plus and minus", "MATH-JAM/LEVEL-2", "2099-12-24"),
               ("Short words", "WORD-JAM/LEVEL-1", None)]


def edujam(env, *words, stdin=None):
    result = subprocess.run([EDUJAM, *words], env=env, cwd=ROOT, input=stdin, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"edujam {' '.join(words)} failed ({result.returncode}): {result.stderr}")
    return result.stdout


def words_of_word_jam():
    with open(os.path.join(ROOT, "games/word-jam/game.lua"), encoding="utf-8") as source:
        return set(re.findall(r"\b[a-z]{3,}\b", source.read()))


def answer(prompt, skill, dice, words):
    """The right answer with probability `skill`, else a plausible wrong one."""
    right = dice.random() < skill
    sum_ = re.match(r"\s*(\d+)\s*([-+x*])\s*(\d+)", prompt)
    if sum_:
        a, op, b = int(sum_.group(1)), sum_.group(2), int(sum_.group(3))
        value = a + b if op == "+" else a - b if op == "-" else a * b
        return str(value if right else value + dice.choice([-2, -1, 1, 3]))
    letters = "".join(sorted(re.sub(r"[^a-z]", "", prompt.lower())))
    match = next((w for w in sorted(words) if "".join(sorted(w)) == letters), None)
    return match if right and match else "pass"


def play(env, student, path, seed, skill, dice, words):
    process = subprocess.Popen([EDUJAM, "play", "--student", student, path, "--seed", str(seed), "--driver", "jsonl"],
                               env=env, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    leave_after = dice.choice([None, None, None, 3])  # some students leave early
    asked = 0
    for line in process.stdout:
        event = json.loads(line)
        if event["event"] == "ask":
            asked += 1
            if leave_after is not None and asked > leave_after:
                process.stdin.close()
                continue
            reply = {"text": answer(event["prompt"], skill, dice, words), "thinking": round(dice.uniform(1.5, 7.5), 1)}
            process.stdin.write(json.dumps(reply) + "\n")
            process.stdin.flush()
        elif event["event"] == "end":
            break
    if not process.stdin.closed:
        process.stdin.close()
    process.wait()


def main():
    folder = tempfile.mkdtemp(prefix="edujam-demo-")
    env = dict(os.environ, EDUJAM_STORE=os.path.join(folder, "demo.sqlite"), NO_COLOR="1")
    try:
        edujam(env, "catalog", "--publish")
        edujam(env, "class", "create", "3B")
        edujam(env, "class", "add", "3B", *STUDENTS)
        ids = []
        for title, path, due in ASSIGNMENTS:
            words = ["assign", "--class", "3B", "--title", title, "--json", path] + (["--due", due] if due else [])
            ids.append(json.loads(edujam(env, *words))["id"])
        dice = random.Random(2026)
        words = words_of_word_jam()
        for number, student in enumerate(STUDENTS):
            skill = 0.25 + 0.7 * number / (len(STUDENTS) - 1)
            for index, (_, path, _) in enumerate(ASSIGNMENTS):
                tries = dice.choice([0, 1, 1, 2, 3]) if number % 5 else 0  # every fifth student has not begun
                for attempt in range(tries):
                    play(env, student, path, 100 * number + 10 * index + attempt, skill, dice, words)
                if tries and dice.random() < skill:
                    edujam(env, "done", str(ids[index]), "--student", student)
        page = os.path.join(OUT, "class-report.html")
        print(edujam(env, "report", "--class", "3B", "--html", page).strip())
        chromium = shutil.which("chromium") or shutil.which("chromium-browser")
        if chromium:
            subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                            f"--user-data-dir={os.path.join(folder, 'profile')}", "--window-size=1280,1600",
                            f"--screenshot={os.path.join(OUT, 'class-report.png')}", "file://" + page],
                           check=True, capture_output=True)
            print("Wrote docs/examples/class-report.png")
        else:
            print("Chromium is not installed (Debian package chromium): the screenshot was not updated")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
