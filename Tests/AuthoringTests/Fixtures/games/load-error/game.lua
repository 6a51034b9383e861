local settings = nil
local rounds = settings.rounds

local function play()
  activity.start()
  activity.quantity("rounds", rounds)
  activity.finish()
end

return { id = "LOAD-ERROR", title = "Load Error", play = play }
