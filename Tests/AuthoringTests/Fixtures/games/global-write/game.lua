function play()
  activity.start()
  score = 0
  score = score + 1
  activity.quantity("score", score)
  activity.finish()
end

return { id = "GLOBAL-WRITE", title = "Global Write", play = play }
