-- Coroutines: a producer/consumer through coroutine.wrap and resume/yield,
-- the shape of a game's turn loop. The sandbox replaces resume and wrap
-- (Sources/LuaShim/libs.c) so that its limits reach the running coroutine.
local function producer(count)
  return coroutine.wrap(function()
    for i = 1, count do coroutine.yield(i) end
    return nil
  end)
end

return function(n)
  local sum = 0
  for _ = 1, n do
    local next_value = producer(100)
    for value in next_value do sum = sum + value end
    local co = coroutine.create(function(a)
      while true do a = coroutine.yield(a * 2) end
    end)
    for i = 1, 100 do
      local _, doubled = coroutine.resume(co, i)
      sum = sum + doubled
    end
  end
  return sum
end
