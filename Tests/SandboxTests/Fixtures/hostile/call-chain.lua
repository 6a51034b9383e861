-- A __call chain: Lua 5.4.4 shifts the stack once per step in C, where no hook runs.
local c = {}
setmetatable(c, { __call = c })
pcall(c)
