-- Two long strings that differ only in their last byte, alternating: every
-- comparison reads both to the end. Must stop at the deadline.
local a = ("x"):rep(3 << 19) .. "a"
local b = ("x"):rep(3 << 19) .. "b"
local t = {}
for i = 1, 20000 do t[i] = (i % 2 == 0) and a or b end
table.sort(t)
