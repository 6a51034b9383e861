-- A collection step that no hook can interrupt: the collector's pass over weak-keyed
-- tables is quadratic in a chain of entries whose keys were allocated in shuffled order
-- (120,000 entries: minutes). The sandbox's last resort must end the process.
local function chain(n)
  local weak = setmetatable({}, { __mode = "k" })
  local keys = {}
  for i = 1, n do keys[i] = {} end
  local r = 1
  for i = n, 2, -1 do
    r = (r * 1103515245 + 12345) % 2147483648
    local j = r % i + 1
    keys[i], keys[j] = keys[j], keys[i]
  end
  for i = 1, n - 1 do weak[keys[i]] = keys[i + 1] end
  return weak, keys[1]
end
return {
  id = "COLLECTOR", title = "Stuck collector",
  play = function()
    activity.start()
    activity.progress(0.5)
    held = { chain(120000) }
    while true do local garbage = { 1, 2, 3 } end
  end,
}
