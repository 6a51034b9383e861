-- A quiz that uses every part of the activity API an export has to tell: a score as the
-- primary item, a pass/fail binary, a quantity, progress, and a pause ("break") mid-run.
return {
  id = "QUIZ", title = "Capitals quiz", type = "quiz", topic = "socialScience",
  play = function()
    activity.start()
    activity.primary("correct")
    local questions = { {"France", "paris"}, {"Italy", "rome"}, {"Spain", "madrid"} }
    local right = 0
    for i, q in ipairs(questions) do
      local answer = ask("Capital of " .. q[1] .. "?")
      if answer == nil then activity.stop() return end
      if answer == "break" then
        activity.stop()
        say("Take a break. Press Enter to go on.")
        if ask("") == nil then return end
        activity.start()
        answer = ask("Capital of " .. q[1] .. "?")
        if answer == nil then activity.stop() return end
      end
      if answer:lower() == q[2] then right = right + 1 end
      activity.score("correct", right, #questions, "Correct answers")
      activity.quantity("streak", right, "Streak")
      activity.progress(i / #questions)
    end
    activity.binary("passed", right >= 2, "passFail")
    activity.finish()
  end,
}
