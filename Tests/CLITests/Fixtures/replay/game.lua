-- A seeded run replays: a quiz that walks its questions with `pairs` over string keys, shows
-- a table's address and reads the clock. Lua seeds its string hash from the time and from
-- addresses; EduJam seeds it from the run's seed, so every line below is the same in every
-- process (Tests/CLITests/SeedReplayTests.swift).
local CAPITALS = {
  France = "Paris", Spain = "Madrid", Italy = "Rome", Peru = "Lima", Japan = "Tokyo", Kenya = "Nairobi",
  Chile = "Santiago", Egypt = "Cairo", Norway = "Oslo", Cuba = "Havana", Nepal = "Kathmandu", Ghana = "Accra",
}

local function play()
  activity.start()
  local order = {}
  for country in pairs(CAPITALS) do order[#order + 1] = country end
  say("Order: " .. table.concat(order, " "))
  say("Board: " .. tostring({}) .. " " .. string.format("%p", order))
  say("Started: " .. os.date("!%Y-%m-%d %H:%M:%S") .. " after " .. os.clock() .. " s")
  local right = 0
  for country, capital in pairs(CAPITALS) do
    local answer = ask("Capital of " .. country .. "?")
    if answer == nil then break end
    if answer == capital then right = right + 1 end
  end
  activity.score("capitals", right, 12)
  activity.finish()
end

return { id = "REPLAY", title = "Replay", play = play }
