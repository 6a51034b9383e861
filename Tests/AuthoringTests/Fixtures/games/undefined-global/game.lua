local function play()
  activty.start()
  sya("Welcome!")
  activity.quantity("score", 1)
  activity.finish()
end

return { id = "UNDEFINED-GLOBAL", title = "Undefined Global", play = play }
