-- Tiny Jam with two bugs: an empty answer, or a number over 9 digits, crashes it.
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
    local words = {}
    if answer == "" then words = nil end
    if #answer > 9 and tonumber(answer) then words = nil end
    words[1] = answer -- the bug: words is nil for the answers above
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

return { id = "BROKEN-JAM", title = "Broken Jam", play = play }
