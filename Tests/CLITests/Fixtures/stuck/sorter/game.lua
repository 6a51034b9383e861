-- At the top of the file, before the declaration: a sort whose every comparison reads
-- 8 MiB in C. It must stop at the time limit, and the other games still list and play.
local s = ("x"):rep(8 << 20)
local t = {}
for i = 1, 20000 do t[i] = s end
table.sort(t)
return { id = "SORTER", title = "Sorter", play = function() end }
