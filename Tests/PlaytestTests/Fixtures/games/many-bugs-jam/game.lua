-- Many Bugs Jam: five questions, and a different bug (a different line) for each of several
-- kinds of answer, so a fuzz session finds several distinct failures at different seeds.
local function play(level)
  activity.start()
  activity.quantity("answered", 0, "Answered")
  activity.primary("answered")
  say("Many Bugs Jam")
  for i = 1, 5 do
    local answer = ask("Question " .. i .. " of 5: " .. random(1, 9) .. " + 1 = ?")
    if answer == nil then
      say("Bye!")
      activity.stop()
      return
    end
    if answer == "hint" then error("no hints yet") end
    if answer:find("\240\159\153\130", 1, true) then local t = nil; t.smile = true end
    if #answer > 1000 then error("the answer is too long: " .. #answer) end
    if (tonumber(answer) or 0) < -15 then error("a negative answer: " .. answer) end
    say("Noted: " .. answer:sub(1, 20))
    activity.quantity("answered", i)
    activity.progress(i / 5)
  end
  say("Done")
  activity.finish()
end

return { id = "MANY-BUGS-JAM", title = "Many Bugs Jam", play = play }
