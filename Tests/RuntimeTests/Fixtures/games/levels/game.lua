return {
  id = "LEVELS", title = "Levels",
  contexts = {
    { id = "EASY", title = "Easy", type = "level" },
    { id = "HARD", title = "Hard", type = "level", contexts = { { id = "BOSS", title = "Boss", type = "challenge" } } },
  },
  play = function(level)
    activity.start()
    say("level", level)
    local pick = choose("Pick a colour", { "red", "green" })
    say("picked", pick)
    activity.quantity("pick", pick or 0)
    activity.finish()
  end,
}
