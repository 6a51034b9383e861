-- At the top of the file: a __call chain. Lua 5.4.4 shifts the stack once per step in C,
-- where no hook runs, so the sandbox cannot stop it and its last resort ends the process.
-- That must cost only this game: catalog, check and test list it as broken and go on, and
-- play of another game does not stop (this comment mentions it: play FINE runs this game,
-- each game in a process of its own).
local c = {}; setmetatable(c, {__call = c}); pcall(c)
return { id = "CHAIN", title = "Chain", play = function() end }
