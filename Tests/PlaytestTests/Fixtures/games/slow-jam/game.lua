-- A slow game with a late bug: every answer costs a little CPU, and the 40th answer fails.
local function busy()
  local x = 0
  for i = 1, 60000 do x = x + i % 7 end
  return x
end

local function play(level)
  activity.start()
  say("Slow Jam")
  for i = 1, 60 do
    local answer = ask("Question " .. i)
    if answer == nil then
      activity.stop()
      return
    end
    busy()
    if i == 40 then error("the 40th answer breaks the game") end
    activity.quantity("answers", i)
    activity.progress(i / 60)
  end
  activity.finish()
end

return { id = "SLOW-JAM", title = "Slow Jam", play = play }
