local function play()
  activity.start()
  activity.quantity("score", "ten")
  activity.score("correct", 1)
  activity.binary("passed", true, "passFial")
  activity.progress(1.5)
  activity.binary("sure", true, "yesNo", 7)
  activity.finish()
end

return { id = "BAD-ARGUMENTS", title = "Bad Arguments", play = play }
