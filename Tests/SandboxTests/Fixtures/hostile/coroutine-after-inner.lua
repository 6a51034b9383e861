-- A coroutine resumes others, which finish, then loops: the time limit must find it running
-- again (the thread that resumed them), not a finished inner one or the main thread.
local outer = coroutine.wrap(function()
  for _ = 1, 3 do
    coroutine.resume(coroutine.create(function() return 1 end))
    coroutine.wrap(function() coroutine.yield() end)()
  end
  while true do end
end)
outer()
