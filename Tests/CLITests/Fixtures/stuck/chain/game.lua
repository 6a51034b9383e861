-- At the top of the file: a __call chain. Lua 5.4.4 shifts the stack once per step in C,
-- where no hook runs; the watchdog stops it with the ordinary time limit error. Play of
-- another game does not run it (it does not mention that game's id).
local c = {}; setmetatable(c, {__call = c}); pcall(c)
return { id = "CHAIN", title = "Chain", play = function() end }
