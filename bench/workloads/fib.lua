-- Recursion: naive Fibonacci, so the time is Lua-to-Lua calls and integer adds.
local function fib(k)
  if k < 2 then return k end
  return fib(k - 1) + fib(k - 2)
end

-- run(n): the work one repetition does; returns a checksum so both sides can
-- be checked to have done the same work.
return function(n)
  local sum = 0
  for _ = 1, n do sum = sum + fib(20) end
  return sum
end
