-- At the top of the file: a garbage-collection step that nothing can interrupt (a weak-table chain), so
-- loading this game ends its process with the sandbox's last resort. That must cost only this
-- game: catalog, check and test list it as broken and go on, and play of another game goes on
-- (this comment mentions FINE, so finding FINE runs this game, in a process of its own).
local weak = setmetatable({}, { __mode = "k" })
local keys = {}
local n = 120000
for i = 1, n do keys[i] = {} end
local r = 1
for i = n, 2, -1 do
  r = (r * 1103515245 + 12345) % 2147483648
  local j = r % i + 1
  keys[i], keys[j] = keys[j], keys[i]
end
for i = 1, n - 1 do weak[keys[i]] = keys[i + 1] end
held = { weak, keys[1] }
keys = nil
while true do local garbage = { 1, 2, 3 } end
