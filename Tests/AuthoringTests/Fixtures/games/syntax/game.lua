local function play()
  activity.start()
  if ask("ready?") == "yes" then
    say("go")
  activity.finish()
end

return { id = "SYNTAX", title = "Syntax", play = play }
