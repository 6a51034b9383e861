-- A sum typed as a Lua expression and evaluated with `load("return " .. answer)`, as many Lua
-- tutorials teach: safe when played (the sandbox's limits hold in the chunk), but a replay runs
-- whatever a student's record says was typed (Tests/CLITests/VerifyCommandTests.swift).
local function play()
  activity.start()
  local answer = ask("What is 2 + 2? (any Lua expression)")
  local chunk = answer and load("return " .. answer)
  local ok, value = false, nil
  if chunk then ok, value = pcall(chunk) end
  activity.score("sum", (ok and value == 4) and 1 or 0, 1)
  activity.finish()
end

return { id = "QUIZ", title = "Quiz", topic = "math", play = play }
