local function play()
  activity.start()
  activity.quantity("score", 1)
  activity.finish()
end

return {
  id = "UNKNOWN-TYPE",
  title = "Unknown Type",
  type = "qiuz",
  play = play,
}
