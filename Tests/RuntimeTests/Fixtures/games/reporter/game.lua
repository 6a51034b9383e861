-- Reports every kind of item, driven by what the student types.
return {
  id = "REPORTER", title = "Reporter", type = "quiz", topic = "math",
  summary = "Test game.", keywords = { "test" }, age = { 6, 9 }, minutes = { 1, 2 },
  play = function(level)
    activity.start()
    activity.quantity("score", 0, "Score")
    local asked, right = 0, 0
    while true do
      local answer = ask("2 + 2 = ?")
      if answer == nil then activity.stop() return end
      if answer == "done" then break end
      asked = asked + 1
      if answer == "4" then right = right + 1; say("Correct!") else say("Not quite") end
      activity.quantity("score", right * 10)
      activity.score("correct", right, asked, "Correct answers")
      activity.progress(math.min(1, asked / 4))
    end
    activity.binary("passed", right >= 3, "passFail")
    say("Score:", right * 10, "clock", clock(), "random", random(1, 100))
    activity.finish()
  end,
}
