return {
  id = "SPIN", title = "Spin",
  play = function()
    activity.start()
    activity.quantity("score", 3)
    while true do end
  end,
}
