-- A __call chain inside a coroutine.
local c = setmetatable({}, {})
getmetatable(c).__call = c
coroutine.wrap(function() c() end)()
