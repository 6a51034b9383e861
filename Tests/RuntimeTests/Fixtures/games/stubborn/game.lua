-- Ignores the end of input: asks again and again.
return {
  id = "STUBBORN", title = "Stubborn",
  play = function()
    activity.start()
    while true do ask("again?") end
  end,
}
