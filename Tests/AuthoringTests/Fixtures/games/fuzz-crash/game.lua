-- Works for numbers, crashes on anything else: only random input finds it.
local function play()
  activity.start()
  local answer = ask("How many legs has a cat?")
  if answer == nil then activity.stop() return end
  local legs = tonumber(answer)
  activity.quantity("legs", legs + 0)
  activity.finish()
end

return { id = "FUZZ-CRASH", title = "Fuzz Crash", play = play }
