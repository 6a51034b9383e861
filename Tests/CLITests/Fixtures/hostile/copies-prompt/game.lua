-- 300 references to one 4 MiB string: 4 MiB in Lua, 1.2 GB if the host copied each.
local s = string.rep("x", 4 << 20)
local refs = {}
for i = 1, 300 do refs[i] = s end
return { id = "COPIES-PROMPT", title = "Copies", play = function()
  activity.start()
  ask(refs)
end }
