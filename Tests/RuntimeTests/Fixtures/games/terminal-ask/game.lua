-- terminal-io's twin, with say and ask.
return {
  id = "TERMINAL-ASK", title = "Terminal ask",
  play = function()
    activity.start()
    local right = 0
    for i = 1, 3 do
      local answer = tonumber(ask(i .. " + " .. i .. " = "))
      if answer == i + i then right = right + 1 end
      say(answer == i + i and "yes" or "no")
    end
    local name = ask("Your name? ")
    while true do
      local line = ask("")
      if line == nil then break end
      say("more: " .. line)
    end
    say("bye " .. (name or "?"))
    activity.score("right", right, 3)
    activity.finish()
  end,
}
