return {
  id = "CRASH", title = "Crash",
  play = function()
    activity.start()
    activity.quantity("score", 5)
    activity.progress(0.5)
    local answer = ask("say anything")
    local t = nil
    return t.field -- line 9: the script fails here
  end,
}
