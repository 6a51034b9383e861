local function play()
  say("Hello!")
end

return { id = "NEVER-STARTED", title = "Never Started", play = play }
