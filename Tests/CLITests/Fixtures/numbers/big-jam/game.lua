-- Reports the number the student types as its quantity, then asks once more: for
-- huge quantities in class averages and huge think times from a driver.
local function play(level)
  activity.start()
  activity.primary("points")
  local points = tonumber(ask("Points?")) or 0
  activity.quantity("points", points, "Points")
  ask("Done?")
  activity.finish()
end

return { id = "BIG-JAM", title = "Big Jam", play = play }
