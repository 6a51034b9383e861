-- A game with nothing wrong: check finds no errors and no warnings.
local function play()
  activity.start()
  local answer = ask("2 + 2 = ?")
  if answer == nil then activity.stop() return end
  local right = answer == "4" and 1 or 0
  activity.score("correct", right, 1, "Correct answers")
  activity.binary("sure", right == 1, nil, "Sure of it")
  activity.progress(1)
  activity.finish()
end

return { id = "GOOD", title = "Good", type = "quiz", topic = "math", play = play }
