-- Asks 2,000 times with a 64 KiB prompt: 125 MiB on the student's terminal without a budget.
local prompt = string.rep("x", 64 << 10)
return { id = "PROMPT-FLOOD", title = "Prompt flood", play = function()
  activity.start()
  for i = 1, 2000 do ask(prompt) end
end }
