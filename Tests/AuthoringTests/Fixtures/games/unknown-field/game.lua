local function play()
  activity.strat()
  activity.quantity("score", 1)
  say(string.fromat("%d", 1))
  activity.finish()
end

return { id = "UNKNOWN-FIELD", title = "Unknown Field", play = play }
