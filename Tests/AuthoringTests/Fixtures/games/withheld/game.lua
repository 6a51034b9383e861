local log = io and io.write or print

local function never()
  local bytes = io.popen("ls") or string.dump(never)
  os.execute("ls")
  collectgarbage("stop") collectgarbage("setpause", 100)
  collectgarbage "generational"
  collectgarbage("count")
  return bytes
end

local function play()
  activity.start()
  activity.quantity("seconds", os.time())
  if os.getenv then log(os.getenv("HOME")) end
  if activity == nil then never() end
  activity.finish()
end

return { id = "WITHHELD", title = "Withheld", play = play }
