-- A quiz as teachers write them: two levels of five questions, the right answers as the
-- primary score, and a pass/fail verdict set after every answer (as it goes, the pattern
-- docs/authoring.md warns about), so a student who leaves early has a "failed" item saved.
local QUESTIONS = {
  EASY = { {"France", "paris"}, {"Italy", "rome"}, {"Spain", "madrid"}, {"Japan", "tokyo"}, {"Peru", "lima"} },
  HARD = { {"Mongolia", "ulaanbaatar"}, {"Bhutan", "thimphu"}, {"Malawi", "lilongwe"}, {"Laos", "vientiane"},
           {"Chad", "ndjamena"} },
}

return {
  id = "CAPITALS", title = "Capital Cities", type = "quiz", topic = "socialScience",
  contexts = {
    { id = "EASY", title = "Easy capitals" },
    { id = "HARD", title = "Hard capitals" },
  },
  play = function(level)
    local questions = QUESTIONS[level] or QUESTIONS.EASY
    activity.start()
    activity.primary("correct")
    local right = 0
    for i, q in ipairs(questions) do
      local answer = ask("Capital of " .. q[1] .. "?")
      if answer == nil then activity.stop() return end
      if answer:lower() == q[2] then right = right + 1 end
      activity.score("correct", right, #questions, "Correct answers")
      activity.binary("passed", right >= 3, "passFail", "Passed")
      activity.progress(i / #questions)
    end
    activity.finish()
  end,
}
