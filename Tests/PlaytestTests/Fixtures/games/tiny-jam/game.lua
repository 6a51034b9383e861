-- Two sums; 10 points each. Questions depend only on the seed.
local function play(level)
  local a, b = random(1, 9), random(1, 9)
  local c, d = random(1, 9), random(1, 9)
  activity.start()
  activity.quantity("score", 0, "Score")
  activity.primary("score")
  say("Tiny Jam")
  local score, correct = 0, 0
  for i, q in ipairs({ { a, b }, { c, d } }) do
    local answer = ask(q[1] .. " + " .. q[2] .. " = ?")
    if answer == nil then
      say("Bye!")
      activity.stop()
      return
    end
    if tonumber(answer) == q[1] + q[2] then
      correct = correct + 1
      score = score + 10
      say("Correct!")
    else
      say("Not quite: " .. (q[1] + q[2]))
    end
    activity.quantity("score", score)
    activity.score("correct", correct, i)
    activity.progress(i / 2)
  end
  activity.binary("passed", correct == 2, "passFail")
  say("Score: " .. score)
  activity.finish()
end

return { id = "TINY-JAM", title = "Tiny Jam", play = play }
