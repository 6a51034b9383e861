-- A quiz that talks through io, as a plain Lua script would: io.write's unfinished line is
-- the prompt of the next read. Its twin, terminal-ask, plays the same with say and ask.
return {
  id = "TERMINAL-IO", title = "Terminal IO",
  play = function()
    activity.start()
    local right = 0
    for i = 1, 3 do
      io.write(i, " + ", i, " = ")
      local answer = io.read("n")
      if answer == i + i then right = right + 1 end
      io.stdout:write(answer == i + i and "yes" or "no", "\n")
    end
    io.write("Your name? ")
    local name = io.read()
    for line in io.lines() do io.stderr:write("more: ", line, "\n") end
    io.write("bye ", name or "?", "\n")
    activity.score("right", right, 3)
    activity.finish()
  end,
}
