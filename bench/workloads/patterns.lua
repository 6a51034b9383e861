-- Patterns: string.find, match, gmatch and gsub on game-like text. The
-- sandbox replaces these four with its own interruptible matcher
-- (Sources/LuaShim/patterns.c), so this row measures that matcher against
-- Lua's own lstrlib.c.
local lines = {}
for i = 1, 50 do
  lines[i] = string.format("  answer %d: %d x %d = %d  (player_%02d, level-%d)  ", i, i % 10, i % 7, (i % 10) * (i % 7), i % 30, i % 3 + 1)
end
local text = table.concat(lines, "\n")

return function(n)
  local count = 0
  for _ = 1, n do
    for i = 1, #lines do
      local line = lines[i]
      local a, b, c = line:match("(%d+) x (%d+) = (%d+)")
      if tonumber(a) * tonumber(b) == tonumber(c) then count = count + 1 end
      local trimmed = line:match("^%s*(.-)%s*$")
      if line:find("player_", 1, true) then count = count + 1 end
      if trimmed:find("level%-%d") then count = count + #trimmed end
    end
    for word in text:gmatch("%a+") do count = count + #word end
    local _, replaced = text:gsub("%d+", "#")
    count = count + replaced
  end
  return count
end
