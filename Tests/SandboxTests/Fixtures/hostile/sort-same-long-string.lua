-- table.sort with the default comparison over many references to one long string:
-- each comparison reads the whole string in C (no hook fires), so stock Lua sorts
-- for minutes. Must stop at the deadline.
local s = ("x"):rep(3 << 20)
local t = {}
for i = 1, 20000 do t[i] = s end
table.sort(t)
