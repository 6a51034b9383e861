local log = io and io.write or print
local function play()
  activity.start()
  activity.quantity("seconds", os.time())
  if os.getenv then log(os.getenv("HOME")) end
  activity.finish()
end

return { id = "WITHHELD", title = "Withheld", play = play }
