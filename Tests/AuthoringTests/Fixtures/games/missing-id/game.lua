local function play()
  activity.start()
  activity.quantity("score", 1)
  activity.finish()
end

return {
  title = "Missing Id",
  play = play,
}
