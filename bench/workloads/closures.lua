-- Closures: creating closures over upvalues and calling them through a table,
-- the shape of event handlers and small objects in a game.
local function counter(start, step)
  local value = start
  return function() value = value + step; return value end
end

return function(n)
  local sum = 0
  for round = 1, n do
    local handlers = {}
    for i = 1, 100 do handlers[i] = counter(i, round % 5 + 1) end
    for _ = 1, 20 do
      for i = 1, #handlers do sum = sum + handlers[i]() end
    end
    sum = sum % 1000003
  end
  return sum
end
