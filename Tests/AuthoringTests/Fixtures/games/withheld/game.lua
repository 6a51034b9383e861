local function play()
  activity.start()
  activity.quantity("seconds", os.time())
  activity.finish()
end

return { id = "WITHHELD", title = "Withheld", play = play }
