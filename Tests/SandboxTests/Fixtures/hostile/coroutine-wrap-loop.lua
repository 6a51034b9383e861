local f = coroutine.wrap(function() while true do coroutine.yield() end end)
while true do pcall(f) end
