-- A __call cycle of two tables, called directly from Lua code.
local a, b = {}, {}
setmetatable(a, { __call = b })
setmetatable(b, { __call = a })
a()
