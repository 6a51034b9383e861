local function play(level)
  activity.start()
  activity.quantity("score", 1)
  activity.finish()
end

return {
  id = "DUPLICATE-CHILD",
  title = "Duplicate Child",
  contexts = {
    { id = "LEVEL-1", title = "One" },
    { id = "LEVEL-1", title = "Two" },
  },
  play = play,
}
