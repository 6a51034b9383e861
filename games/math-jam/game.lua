-- Math Jam: a timed arithmetic jam for young learners.
--
-- How a round works (the same rules for every level):
--   * A round is 10 questions or 60 seconds of clock() time,
--     whichever comes first. The clock is checked before each new
--     question: once 60 seconds have passed no new question starts,
--     but the answer to the question on screen still counts.
--   * A right answer is worth 10 points, plus a 5 point speed bonus
--     when it came within 3 seconds of the question being shown.
--   * If the answer is not a number we say "Please type a number"
--     and ask the same question once more (free, but the clock keeps
--     running). A second non-number counts as a wrong answer.
--   * The student passes with at least 70% of the questions asked
--     answered right (7 of 10 in a full round).
--   * If the student quits (input ends) we say goodbye and stop
--     without marking the activity complete.
--
-- All the questions are drawn at the start of the round, so the
-- questions depend only on the run's seed, not on the answers.

local ROUND_QUESTIONS = 10
local ROUND_SECONDS = 60
local POINTS_RIGHT = 10
local POINTS_FAST = 5      -- speed bonus
local FAST_SECONDS = 3     -- "fast" means answered within this time
local PASS_PERCENT = 70

-- Each level knows how to make one question: two numbers and an
-- operator ("+", "-" or "x").
local LEVELS = {
  ["LEVEL-1"] = {
    name = "Warm-up",
    rule = "Add the numbers. All answers are 10 or less.",
    make = function()
      local a = random(1, 9)
      local b = random(1, 10 - a)  -- keeps the sum within 10
      return a, "+", b
    end,
  },
  ["LEVEL-2"] = {
    name = "Plus and Minus",
    rule = "Add or take away. All numbers are 20 or less.",
    make = function()
      if random(1, 2) == 1 then
        local a = random(1, 19)
        local b = random(1, 20 - a)  -- keeps the sum within 20
        return a, "+", b
      else
        local a = random(2, 20)
        local b = random(1, a - 1)   -- never goes below zero
        return a, "-", b
      end
    end,
  },
  ["LEVEL-3"] = {
    name = "Times Tables",
    rule = "Multiply. Tables from 2 to 10.",
    make = function()
      return random(2, 10), "x", random(2, 10)
    end,
  },
}

-- Cheers after "Correct!". We take them in turn instead of at random
-- so that the questions (which use random) stay the same for a seed.
local CHEERS = {
  "Great job!", "You're on fire!", "Super!", "Nice one!",
  "Brilliant!", "Way to go!", "Fantastic!", "Awesome!",
}

local function solve(a, op, b)
  if op == "+" then return a + b end
  if op == "-" then return a - b end
  return a * b
end

-- "7 + 5 = ?" -- plain digits, so a reader (or a test bot) can find it.
local function problemText(a, op, b)
  return a .. " " .. op .. " " .. b .. " = ?"
end

-- Draw all the questions up front, avoiding the same question twice
-- in a row.
local function makeQuestions(level)
  local questions = {}
  local last = ""
  for i = 1, ROUND_QUESTIONS do
    local a, op, b = level.make()
    for _ = 1, 5 do
      if problemText(a, op, b) ~= last then break end
      a, op, b = level.make()
    end
    last = problemText(a, op, b)
    questions[i] = { a = a, op = op, b = b }
  end
  return questions
end

-- Turns what the student typed into a whole number, or nil.
local function readNumber(text)
  local digits = text:match("^%s*(%-?%d+)%s*$")
  return digits and tonumber(digits)
end

-- Asks one question. Returns the number typed, false when the
-- student typed something else twice, or nil when input has ended.
local function askNumber(prompt)
  local answer = ask(prompt)
  if answer == nil then return nil end
  local n = readNumber(answer)
  if n then return n end
  say("Please type a number, like 12.")
  answer = ask(prompt)
  if answer == nil then return nil end
  return readNumber(answer) or false
end

local function starLine(correct, asked)
  local stars = 0
  if correct * 100 >= asked * 90 then stars = 3
  elseif correct * 100 >= asked * PASS_PERCENT then stars = 2
  elseif correct * 100 >= asked * 40 then stars = 1 end
  local line = "Stars:"
  for i = 1, 3 do
    line = line .. (i <= stars and " [*]" or " [ ]")
  end
  return line, stars
end

local FAREWELLS = {
  [0] = "Every jam makes you stronger. Try again soon!",
  [1] = "Good effort! Play again to earn more stars.",
  [2] = "Well done! You really know your numbers.",
  [3] = "Amazing! You are a Math Jam star!",
}

local function play(levelId)
  local level = LEVELS[levelId] or LEVELS["LEVEL-1"]
  local questions = makeQuestions(level)

  activity.start()
  activity.quantity("score", 0, "Score")
  activity.primary("score")

  say("*** Math Jam: " .. level.name .. " ***")
  say(level.rule)
  say("Answer " .. ROUND_QUESTIONS .. " questions in " .. ROUND_SECONDS
    .. " seconds. Type the answer, press Enter.")
  say("Answer within " .. FAST_SECONDS .. " seconds for a speed bonus!")

  local startTime = clock()
  local score, correct, asked = 0, 0, 0
  local progress = 0
  local warned = false
  local timedOut = false

  for i, q in ipairs(questions) do
    local elapsed = clock() - startTime
    if elapsed >= ROUND_SECONDS then
      timedOut = true
      break
    end
    if not warned and elapsed >= ROUND_SECONDS - 10 then
      say("Hurry, less than 10 seconds left!")
      warned = true
    end

    say("")
    say("Question " .. i .. " of " .. ROUND_QUESTIONS)
    local shownAt = clock()
    local answer = askNumber(problemText(q.a, q.op, q.b))
    if answer == nil then
      say("Goodbye! Thanks for playing Math Jam.")
      activity.stop()
      return
    end

    asked = asked + 1
    local right = solve(q.a, q.op, q.b)
    if answer == right then
      correct = correct + 1
      local cheer = CHEERS[(correct - 1) % #CHEERS + 1]
      if clock() - shownAt <= FAST_SECONDS then
        score = score + POINTS_RIGHT + POINTS_FAST
        say("Correct! " .. cheer .. " (+" .. POINTS_RIGHT
          .. ", speed bonus +" .. POINTS_FAST .. ")")
      else
        score = score + POINTS_RIGHT
        say("Correct! " .. cheer .. " (+" .. POINTS_RIGHT .. ")")
      end
    else
      say("Not quite: " .. q.a .. " " .. q.op .. " " .. q.b .. " = " .. right)
    end

    -- Progress is questions done or time used, whichever is further
    -- along, and it never goes backwards.
    local timeUsed = math.min(1, (clock() - startTime) / ROUND_SECONDS)
    progress = math.max(progress, asked / ROUND_QUESTIONS, timeUsed)
    activity.progress(progress)
  end

  say("")
  if timedOut then
    local noun = asked == 1 and " question." or " questions."
    say("Time's up! You answered " .. asked .. noun)
  else
    say("That's all " .. ROUND_QUESTIONS .. " questions!")
  end

  -- Results only at the end: a student who leaves half-way keeps
  -- their progress, not a score for the questions they happened to
  -- answer.
  local passed = asked > 0 and correct * 100 >= asked * PASS_PERCENT
  activity.quantity("score", score, "Score")
  activity.score("correct", correct, asked, "Correct answers")
  activity.binary("passed", passed, "passFail", "Passed")
  activity.progress(1)

  local stars, count = starLine(correct, math.max(asked, 1))
  say("Score: " .. score)
  say("You got " .. correct .. " of " .. asked .. " right")
  say(stars)
  if passed then say("You passed this level!") end
  say(FAREWELLS[count])
  activity.finish()
end

return {
  id = "MATH-JAM",
  title = "Math Jam",
  type = "game",
  topic = "math",
  summary = "Answer as many sums as you can before time runs out.",
  keywords = { "addition", "subtraction", "multiplication",
    "mental math", "times tables" },
  age = { 6, 9 },
  minutes = { 2, 5 },
  contexts = {
    { id = "LEVEL-1", title = "Warm-up", type = "level",
      summary = "Addition with answers up to 10." },
    { id = "LEVEL-2", title = "Plus and Minus", type = "level",
      summary = "Addition and subtraction within 20." },
    { id = "LEVEL-3", title = "Times Tables", type = "level",
      summary = "Multiplication tables up to 10 x 10." },
  },
  play = play,
}
