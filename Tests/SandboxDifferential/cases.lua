-- cases.lua: every library function EduJam's sandbox replaces, on cases stock Lua 5.4 answers.
--
-- `make test-differential` runs this file twice, under stock `lua5.4` and inside an EduJam
-- sandbox (driver.c), and compare.lua compares the two outputs line by line. Each case prints
-- one line: its label and what the call returned or raised, error messages included. Values
-- are shown the same way in both runs: tables, functions and coroutines by their order of
-- appearance in the case (never an address), strings quoted with every control character and
-- every byte above 127 escaped, so a case line is printable ASCII.
--
-- The only other lines are those the `print` cases print on purpose; compare.lua applies
-- to stock's output the two documented changes of EduJam's print (docs/sandbox.md).
--
-- What differs on purpose is not here (binary chunks, collectgarbage('stop') and the other
-- refused options, the seed of a bare math.randomseed(), addresses' values, absent names,
-- limits); Tests/SandboxTests checks each of those. Addresses are compared by their shape.

local cases = 0

---------------------------------------------------------------------------
-- Showing values
---------------------------------------------------------------------------

local ids, next_id = {}, 0

local function show(v)
  local t = type(v)
  if t == "string" then
    local q = string.format("%q", v):gsub("\\\n", "\\n")
    return (q:gsub("[\128-\255]", function(c) return "\\" .. c:byte() end))
  elseif t == "number" then
    return math.type(v) .. ":" .. tostring(v)
  elseif t == "table" or t == "function" or t == "thread" or t == "userdata" then
    if not ids[v] then
      next_id = next_id + 1
      ids[v] = next_id
    end
    return t .. "#" .. ids[v]
  end
  return tostring(v)
end

local function show_all(...)
  local parts = {}
  for i = 1, select("#", ...) do parts[i] = show((select(i, ...))) end
  return table.concat(parts, ", ")
end

local function render(ok, ...)
  return (ok and "ok " or "error ") .. "(" .. show_all(...) .. ")"
end

-- One case: the call's outcome, and anything `extra` adds (a log, a table's contents).
local function case(label, f, ...)
  cases = cases + 1
  ids, next_id = {}, 0
  print(label .. " -> " .. render(pcall(f, ...)))
end

-- The sorted contents of a table, raw: what a function left behind.
local function contents(t)
  local keys = {}
  for k in next, t do keys[#keys + 1] = k end
  table.sort(keys, function(a, b)
    if type(a) ~= type(b) then return type(a) < type(b) end
    return a < b
  end)
  local parts = {}
  for i, k in ipairs(keys) do parts[i] = show(k) .. "=" .. show(rawget(t, k)) end
  return "{" .. table.concat(parts, " ") .. "}"
end

-- A table whose every read, write and length is logged, so the order of accesses is compared.
local function traced(initial, length)
  local store, log = {}, {}
  for k, v in pairs(initial) do store[k] = v end
  local proxy = setmetatable({}, {
    __index = function(_, k) log[#log + 1] = "get " .. show(k); return store[k] end,
    __newindex = function(_, k, v) log[#log + 1] = "set " .. show(k) .. "=" .. show(v); store[k] = v end,
    __len = function() log[#log + 1] = "len"; if length ~= nil then return length end return #store end,
  })
  return proxy, store, log
end

-- Runs f on a traced table and returns its results, the access log and what is left.
local function on_traced(initial, length, f)
  return function()
    local proxy, store, log = traced(initial, length)
    local r = table.pack(pcall(f, proxy))
    return render(table.unpack(r, 1, r.n)), table.concat(log, ";"), contents(store)
  end
end

---------------------------------------------------------------------------
-- table.insert, table.remove, table.move
---------------------------------------------------------------------------

local function list(...) return table.pack(...) end

case("insert at end", function() local t = {1, 2}; table.insert(t, 3); return contents(t) end)
case("insert at 1", function() local t = {1, 2}; table.insert(t, 1, 0); return contents(t) end)
case("insert at #t+1", function() local t = {1, 2}; table.insert(t, 3, 9); return contents(t) end)
case("insert in middle", function() local t = {1, 2, 3}; table.insert(t, 2, "x"); return contents(t) end)
case("insert nil value", function() local t = {1, 2}; table.insert(t, 1, nil); return contents(t) end)
case("insert returns nothing", function() return select("#", table.insert({}, 1)) end)
case("insert pos 0", table.insert, {1}, 0, "x")
case("insert pos #t+2", table.insert, {1}, 3, "x")
case("insert pos -1", table.insert, {}, -1, "x")
case("insert pos float", table.insert, {1}, 1.0, "x")
case("insert pos 1.5", table.insert, {1}, 1.5, "x")
case("insert pos string", table.insert, {1}, "1", "x")
case("insert pos bad string", table.insert, {1}, "one", "x")
case("insert no args", table.insert)
case("insert one arg", table.insert, {})
case("insert four args", table.insert, {}, 1, 2, 3)
case("insert into nil", table.insert, nil, 1)
case("insert into string", table.insert, "abc", 1)
case("insert into number", table.insert, 5, 1)
case("insert traced end", on_traced({10, 20, 30}, nil, function(t) table.insert(t, 40) end))
case("insert traced front", on_traced({10, 20, 30}, nil, function(t) table.insert(t, 1, 5) end))
case("insert traced __len 2", on_traced({10, 20, 30}, 2, function(t) table.insert(t, 2, 5) end))
case("insert __len float", on_traced({}, 2.0, function(t) table.insert(t, "v") end))
case("insert __len 2.5", on_traced({}, 2.5, function(t) table.insert(t, "v") end))
case("insert __len string", on_traced({}, "3", function(t) table.insert(t, "v") end))
case("insert __len table", on_traced({}, {}, function(t) table.insert(t, "v") end))
case("insert __len -5", on_traced({}, -5, function(t) table.insert(t, "v") end))
case("insert __len -5 at 1", on_traced({}, -5, function(t) table.insert(t, 1, "v") end))
case("insert __len maxinteger", on_traced({}, math.maxinteger, function(t) table.insert(t, "v") end))
case("insert __len maxinteger at max", on_traced({}, math.maxinteger, function(t) table.insert(t, math.maxinteger, "v") end))
case("insert __len mininteger", on_traced({}, math.mininteger, function(t) table.insert(t, "v") end))
case("insert __newindex error", function()
  local t = setmetatable({}, {__newindex = function() error("no writes") end})
  table.insert(t, 1)
end)
case("insert __index error", function()
  local t = setmetatable({}, {__len = function() return 3 end, __index = function() error({code = 7}) end})
  table.insert(t, 1, "x")
end)
case("insert __len error", function()
  table.insert(setmetatable({}, {__len = function() error("len failed", 0) end}), 1)
end)
case("insert called as method", function() local t = {insert = table.insert}; t:insert(1); return contents(t) end)
case("insert many", function()
  local t = {}
  for i = 1, 300 do table.insert(t, 1, i) end
  return #t, t[1], t[300], t[150]
end)

case("remove last", function() local t = {1, 2, 3}; return table.remove(t), contents(t) end)
case("remove first", function() local t = {1, 2, 3}; return table.remove(t, 1), contents(t) end)
case("remove middle", function() local t = {1, 2, 3}; return table.remove(t, 2), contents(t) end)
case("remove empty", function() local t = {}; return table.remove(t), contents(t) end)
case("remove empty at 0", function() local t = {[0] = "z"}; return table.remove(t, 0), contents(t) end)
case("remove empty at 1", function() local t = {}; return table.remove(t, 1), contents(t) end)
case("remove #t+1", function() local t = {1, 2, [3] = nil}; return table.remove(t, 3), contents(t) end)
case("remove #t+2", table.remove, {1, 2}, 4)
case("remove pos 0 of non-empty", table.remove, {1, 2}, 0)
case("remove pos -1", table.remove, {1, 2}, -1)
case("remove pos 1.5", table.remove, {1, 2}, 1.5)
case("remove pos nil", function() local t = {1, 2}; return table.remove(t, nil), contents(t) end)
case("remove no args", table.remove)
case("remove from nil", table.remove, nil)
case("remove from string", table.remove, "abc")
case("remove extra args", function() local t = {1, 2}; return table.remove(t, 1, "extra"), contents(t) end)
case("remove traced last", on_traced({10, 20, 30}, nil, function(t) return table.remove(t) end))
case("remove traced first", on_traced({10, 20, 30}, nil, function(t) return table.remove(t, 1) end))
case("remove __len 0 pos 1", on_traced({10}, 0, function(t) return table.remove(t, 1) end))
case("remove __len -1", on_traced({}, -1, function(t) return table.remove(t) end))
case("remove __len maxinteger", on_traced({}, math.maxinteger, function(t) return table.remove(t) end))
case("remove __len mininteger", on_traced({}, math.mininteger, function(t) return table.remove(t) end))
case("remove __len float", on_traced({1, 2}, 2.0, function(t) return table.remove(t) end))
case("remove __len 1.5", on_traced({1, 2}, 1.5, function(t) return table.remove(t) end))
case("remove __index error", function()
  table.remove(setmetatable({}, {__len = function() return 2 end, __index = function(_, k) error("get " .. k) end}))
end)
case("remove many", function()
  local t = {}
  for i = 1, 300 do t[i] = i end
  local sum = 0
  for _ = 1, 150 do sum = sum + table.remove(t, 1) end
  return sum, #t, t[1]
end)

case("move forward", function() return contents(table.move({1, 2, 3, 4, 5}, 1, 3, 3)) end)
case("move backward", function() return contents(table.move({1, 2, 3, 4, 5}, 3, 5, 1)) end)
case("move same", function() return contents(table.move({1, 2, 3}, 1, 3, 1)) end)
case("move to other", function()
  local a, b = {1, 2, 3}, {"x"}
  local r = table.move(a, 1, 3, 2, b)
  return r == b, contents(a), contents(b)
end)
case("move nil target table", function() return contents(table.move({1, 2}, 1, 2, 3, nil)) end)
case("move empty range", function() return contents(table.move({1, 2}, 3, 1, 1)) end)
case("move e < f returns table", function() local t = {}; return table.move(t, 2, 1, 1) == t end)
case("move returns dest", function() local a, b = {}, {}; return table.move(a, 1, 0, 1, b) == b end)
case("move neg range", function() return contents(table.move({[-2] = "a", [-1] = "b", [0] = "c"}, -2, 0, 1)) end)
case("move to maxinteger", function() return contents(table.move({1}, 1, 1, math.maxinteger)) end)
case("move wrap around", table.move, {}, 1, 2, math.maxinteger)
case("move too many", table.move, {}, math.mininteger, 0, 1)
case("move too many 2", table.move, {}, 0, math.maxinteger, 1)
case("move max range ok", function() return contents(table.move({}, math.maxinteger, math.maxinteger, 1)) end)
case("move min start", function() return contents(table.move({}, math.mininteger, math.mininteger, 1)) end)
case("move no args", table.move)
case("move nil table", table.move, nil, 1, 2, 3)
case("move bad f", table.move, nil, "x")
case("move bad e", table.move, {}, 1, nil, 1)
case("move bad t", table.move, {}, 1, 2)
case("move bad dest", table.move, {}, 1, 2, 1, 5)
case("move dest string", table.move, {}, 1, 2, 1, "s")
case("move float args", function() return contents(table.move({1, 2}, 1.0, 2.0, 2.0)) end)
case("move 1.5", table.move, {}, 1.5, 2, 1)
case("move string args", function() return contents(table.move({1, 2}, "1", "2", "3")) end)
case("move traced overlap up", on_traced({1, 2, 3, 4}, nil, function(t) return table.move(t, 1, 3, 2) end))
case("move traced overlap down", on_traced({1, 2, 3, 4}, nil, function(t) return table.move(t, 2, 4, 1) end))
case("move traced to other", function()
  local src, _, log1 = traced({1, 2, 3})
  local dst, store, log2 = traced({})
  table.move(src, 1, 3, 2, dst)
  return table.concat(log1, ";"), table.concat(log2, ";"), contents(store)
end)
case("move traced same via __eq", function()
  local mt = {__eq = function() return true end}
  local store = {1, 2, 3}
  local log = {}
  local a = setmetatable({}, {__index = function(_, k) log[#log + 1] = "get " .. k; return store[k] end,
                              __newindex = function(_, k, v) log[#log + 1] = "set " .. k; store[k] = v end,
                              __eq = mt.__eq})
  local b = setmetatable({}, {__index = a, __newindex = function(_, k, v) log[#log + 1] = "setb " .. k; store[k] = v end,
                              __eq = mt.__eq})
  table.move(a, 1, 3, 2, b)
  return table.concat(log, ";"), contents(store)
end)
case("move __index error", function()
  table.move(setmetatable({}, {__index = function() error("cannot read") end}), 1, 2, 5)
end)
case("move many", function()
  local t = {}
  for i = 1, 5000 do t[i] = i end
  table.move(t, 1, 5000, 2)
  return #t, t[1], t[2], t[5001]
end)

---------------------------------------------------------------------------
-- table.sort, table.concat
---------------------------------------------------------------------------

-- Sorts a copy of `values` (n of them) and logs every comparison the function makes: the
-- same comparisons in the same order mean the same algorithm, so equal elements end in the
-- same places and inconsistent comparators fail the same way.
local function sorted(values, n, compare)
  return function()
    local copy = table.move(values, 1, n, 1, {})
    local log = {}
    local f = compare and function(a, b)
      log[#log + 1] = show(a) .. "<" .. show(b)
      return compare(a, b)
    end
    local r = table.pack(pcall(table.sort, copy, f))
    local parts = {}
    for i = 1, n do parts[i] = show(copy[i]) end
    return render(table.unpack(r, 1, r.n)), table.concat(parts, " "), table.concat(log, ",")
  end
end

local function greater(a, b) return a > b end
local function key(record) return tonumber(record:match("^%d+")) end
local function by_key(a, b) return key(a) < key(b) end
-- "key#position": records that compare by key only, so where equal keys end shows.
local function records(keys)
  local list = {}
  for i, k in ipairs(keys) do list[i] = k .. "#" .. i end
  return list
end

for i, values in ipairs({
  {}, { 1 }, { 2, 1 }, { 1, 2 }, { 3, 1, 2 }, { 5, 4, 3, 2, 1 }, { 1, 2, 3, 4, 5, 6, 7, 8 },
  { 3, 3, 3, 3 }, { 2, 1, 2, 1, 2, 1 }, { 1.5, 1, -2, 2^53, -0.0, 0, math.huge, -math.huge },
  { 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, -1, -2, -3 }, { "b", "a", "c", "", "ab", "B", "a\0b", "a\0a" },
  -- Plain numbers (the sandbox sorts these in a C array): all floats, where -0.0 and 0.0
  -- are equal but show where they end; integers at the ends of their range; a float list
  -- with a NaN at its end and an integer list with a float at its end (the general sort).
  { 1.5, -0.0, 0.0, 2.5, -1.5, math.huge, -math.huge, 0.0, -0.0, 1.5 },
  { math.maxinteger, math.mininteger, 0, -1, math.maxinteger, 1, math.mininteger },
  { 2.5, 1.5, 0 / 0 }, { 3, 2, 1, 0.5 },
}) do
  case("sort list " .. i, sorted(values, #values))
  case("sort list " .. i .. " greater", sorted(values, #values, greater))
end
case("sort records by key", sorted(records({ 3, 1, 2, 1, 3, 2, 1 }), 7, by_key))
-- Long lists of plain numbers with many repeats: every branch of the partition.
local function spread(count, float)
  local list, seed = {}, 7
  for i = 1, count do
    seed = (seed * 1103515245 + 12345) % 2147483648
    list[i] = float and (seed % 97) / 4 - 10 or seed % 97 - 40
  end
  return list
end
case("sort 600 integers", sorted(spread(600), 600))
case("sort 600 floats", sorted(spread(600, true), 600))
case("sort 600 integers, sorted already", sorted((function() local t = spread(600); table.sort(t); return t end)(), 600))
case("sort a table with a metatable", function()
  local t = setmetatable({ 3, 1, 2 }, {})
  table.sort(t)
  return t[1], t[2], t[3]
end)
case("sort records all equal", sorted(records({ 5, 5, 5, 5, 5, 5, 5, 5, 5 }), 9, by_key))
case("sort always true", sorted({ 1, 2, 3, 4, 5 }, 5, function() return true end))
case("sort always true 10", sorted({ 9, 8, 7, 6, 5, 4, 3, 2, 1, 0 }, 10, function() return true end))
case("sort always false", sorted({ 3, 1, 2 }, 3, function() return false end))
case("sort <= duplicates", sorted({ 2, 2, 2, 1, 1, 1, 3, 3 }, 8, function(a, b) return a <= b end))
case("sort NaN", sorted({ 3, 0 / 0, 1, 2, 0 / 0, 5 }, 6))
case("sort comparator error", sorted({ 3, 1, 2 }, 3, function(a, b) if a == 1 then error("no 1") end return a < b end))
case("sort mixed types", sorted({ 1, "x", 2 }, 3))
case("sort tables without __lt", sorted({ {}, {} }, 2))
case("sort booleans", sorted({ true, false }, 2))
case("sort __lt", function()
  local lt = { __lt = function(a, b) return a.v < b.v end }
  local list = {}
  for i, v in ipairs({ 4, 2, 9, 1 }) do list[i] = setmetatable({ v = v }, lt) end
  table.sort(list)
  return list[1].v, list[2].v, list[3].v, list[4].v
end)
case("sort no argument", table.sort)
case("sort a number", table.sort, 1)
case("sort nil", table.sort, nil)
case("sort a string", table.sort, "abc")
case("sort bad comparator", table.sort, { 3, 2, 1 }, 1)
case("sort bad comparator, empty", table.sort, {}, 1)
case("sort bad comparator, one", table.sort, { 1 }, "x")
case("sort comparator false", table.sort, { 2, 1 }, false)
case("sort comparator nil", function() local t = { 2, 1 }; table.sort(t, nil); return t[1], t[2] end)
case("sort __len float", table.sort, setmetatable({}, { __len = function() return 1.5 end }))
case("sort __len 2^31", table.sort, setmetatable({}, { __len = function() return 2^31 end }))
case("sort __len maxinteger", table.sort, setmetatable({}, { __len = function() return math.maxinteger end }))
case("sort __len -5", table.sort, setmetatable({}, { __len = function() return -5 end }))
case("sort holes", table.sort, { 1, nil, 3, nil, 5 })
case("sort traced", on_traced({ 5, 3, 4, 1, 2 }, nil, function(t) table.sort(t) end))
case("sort traced __len 3", on_traced({ 5, 3, 4, 1, 2 }, 3, function(t) table.sort(t, greater) end))

-- Random arrays from a fixed seed (a generator of our own). Up to 100 elements, so stock
-- never re-randomises its pivot from the clock; longer ones are distinct, so the result is
-- the same whatever the pivots.
local state = 20261130
local function random(m)
  state = state * 6364136223846793005 + 1442695040888963407  -- wraps
  return (state >> 33) % m + 1
end
for round = 1, 600 do
  local n = random(60) - 1
  local range = ({ 2, 5, 50, 1000000 })[random(4)]
  local keys = {}
  for i = 1, n do keys[i] = random(range) end
  local kind = random(4)
  if kind == 1 then
    case("sort random numbers " .. round, sorted(keys, n))
  elseif kind == 2 then
    case("sort random records " .. round, sorted(records(keys), n, by_key))
  elseif kind == 3 then
    for i = 1, n do keys[i] = ("k"):rep(keys[i] % 7) .. keys[i] end
    case("sort random strings " .. round, sorted(keys, n, greater))
  else
    case("sort random <= " .. round, sorted(keys, n, function(a, b) return a <= b end))
  end
end
for round = 1, 5 do
  case("sort long distinct " .. round, function()
    local list, seen = {}, {}
    while #list < 100 + random(2000) do
      local v = random(1 << 30)
      if not seen[v] then seen[v] = true; list[#list + 1] = v end
    end
    table.sort(list)
    local sum = 0
    for i, v in ipairs(list) do sum = (sum * 31 + v * i) % 1000000007 end
    return #list, sum
  end)
end

case("concat empty", table.concat, {})
case("concat strings", table.concat, { "a", "b", "c" })
case("concat separator", table.concat, { "a", "b", "c" }, ", ")
case("concat numbers", table.concat, { 1, 2.5, -0.0, 3.0, 2^63, math.mininteger, 1e300 }, " ")
case("concat range", table.concat, { "a", "b", "c", "d" }, "-", 2, 3)
case("concat one", table.concat, { "a", "b" }, "-", 2, 2)
case("concat empty range", table.concat, { "a", "b" }, "-", 3, 2)
case("concat negative range", table.concat, { [-1] = "x", [0] = "y", [1] = "z" }, "", -1, 1)
case("concat hole", table.concat, { "a", nil, "c" }, "", 1, 3)
case("concat a table inside", table.concat, { "a", {}, "c" })
case("concat a boolean inside", table.concat, { "a", true })
case("concat separator a number", table.concat, { "a", "b" }, 7)
case("concat separator a table", table.concat, { "a", "b" }, {})
case("concat start 1.5", table.concat, { "a" }, "", 1.5)
case("concat end a string number", table.concat, { "a", "b" }, "", 1, "2")
case("concat no argument", table.concat)
case("concat a string", table.concat, "abc")
case("concat a number", table.concat, 5)
case("concat __len", table.concat, setmetatable({ "a", "b", "c" }, { __len = function() return 2 end }))
case("concat __len not a number", table.concat, setmetatable({}, { __len = function() return "x" end }))
case("concat at maxinteger", table.concat, { [math.maxinteger] = "m" }, "", math.maxinteger, math.maxinteger)
case("concat embedded zeros", table.concat, { "a\0b", "\0" }, "\0")
case("concat traced", on_traced({ "a", "b", "c" }, nil, function(t) return table.concat(t, "+") end))
case("concat traced __len 2", on_traced({ "a", "b", "c" }, 2, function(t) return table.concat(t) end))

---------------------------------------------------------------------------
-- string.rep
---------------------------------------------------------------------------

case("rep", string.rep, "ab", 3)
case("rep sep", string.rep, "ab", 3, ",")
case("rep once with sep", string.rep, "ab", 1, ",")
case("rep zero", string.rep, "ab", 0, ",")
case("rep negative", string.rep, "ab", -5)
case("rep mininteger", string.rep, "ab", math.mininteger)
case("rep empty", string.rep, "", 5)
case("rep empty sep", string.rep, "", 5, "-")
case("rep empty both", string.rep, "", 1000, "")
case("rep method", function() return ("xy"):rep(2) end)
case("rep number subject", string.rep, 12, 2)
case("rep float subject", string.rep, 1.5, 2, 0)
case("rep string count", string.rep, "x", "3")
case("rep float count", string.rep, "x", 3.0)
case("rep 1.5 count", string.rep, "x", 1.5)
case("rep bad count", string.rep, "x", "three")
case("rep nil count", string.rep, "x")
case("rep no args", string.rep)
case("rep table subject", string.rep, {}, 2)
case("rep table sep", string.rep, "x", 2, {})
case("rep nil sep", string.rep, "x", 2, nil)
case("rep with zeros", string.rep, "a\0b", 2, "\0")
case("rep 8-bit", string.rep, "\xE9\xFF", 2, "\x80")
case("rep 2^31", string.rep, "x", 2^31)
case("rep 2^31 float arg", string.rep, "x", 2.0^31)
case("rep maxinteger", string.rep, "x", math.maxinteger)
case("rep maxinteger sep", string.rep, "x", math.maxinteger, ",")
case("rep empty subject huge sep", string.rep, "", 2^40, "x")
case("rep long subject 2^21", string.rep, ("x"):rep(1024), 2^21)
case("rep unit over half", string.rep, ("x"):rep(1024), 2^30, ("y"):rep(1024))
case("rep 2^62", string.rep, "abc", 2^62)
case("rep big length", function() return #string.rep("abc", 10000, "--") end)

---------------------------------------------------------------------------
-- math.randomseed
---------------------------------------------------------------------------

case("randomseed 5", math.randomseed, 5)
case("randomseed 5 7", math.randomseed, 5, 7)
case("randomseed -1", math.randomseed, -1)
case("randomseed maxinteger", math.randomseed, math.maxinteger, math.mininteger)
case("randomseed float", math.randomseed, 3.0)
case("randomseed string", math.randomseed, "3", "4")
case("randomseed 1.5", math.randomseed, 1.5)
case("randomseed nil", math.randomseed, nil)
case("randomseed nil nil", math.randomseed, nil, nil)
case("randomseed 1 nil", math.randomseed, 1, nil)
case("randomseed 1 x", math.randomseed, 1, "x")
case("randomseed table", math.randomseed, {})
case("randomseed extra", math.randomseed, 1, 2, 3)
case("randomseed then random", function()
  math.randomseed(42)
  local a = {math.random(1, 100), math.random(1, 100), math.random(), math.random(0), math.random(7)}
  math.randomseed(42)
  local b = {math.random(1, 100), math.random(1, 100), math.random(), math.random(0), math.random(7)}
  return show_all(table.unpack(a)), show_all(table.unpack(b))
end)
case("randomseed two parts", function()
  math.randomseed(1, 2)
  local a = math.random(0)
  math.randomseed(1, 3)
  return a ~= math.random(0)
end)
case("randomseed() gives two integers", function()
  local r = table.pack(math.randomseed())
  return r.n, math.type(r[1]), math.type(r[2])
end)

---------------------------------------------------------------------------
-- load
---------------------------------------------------------------------------

case("load string", function() return load("return 1 + 1")() end)
case("load varargs", function() return load("return ...")(1, nil, 3) end)
case("load syntax error", load, "return 1 +")
case("load syntax error named", load, "x = = 1", "=quiz")
case("load syntax error @name", load, "x = = 1", "@answers.lua")
case("load syntax error long", load, "local answer = 42 -- and a long line that goes on and on\nx = = 1")
case("load syntax error multi-line", load, "\n\nreturn )")
case("load empty", function() local f = load(""); return type(f), f() end)
case("load number chunk", load, 42)
case("load float chunk", load, 1.5)
case("load nil", load, nil)
case("load no args", load)
case("load table", load, {})
case("load boolean", load, true)
case("load name number", function() return load("return 1", 7)() end)
case("load name table", load, "return 1", {})
case("load mode t", function() return load("return 2", "c", "t")() end)
case("load mode bt", function() return load("return 2", "c", "bt")() end)
case("load mode nil", function() return load("return 2", "c", nil)() end)
case("load mode b on text", load, "return 2", "c", "b")
case("load mode x on text", load, "return 2", "c", "x")
case("load mode empty on text", load, "return 2", "c", "")
case("load mode number", load, "return 2", "c", 5)
case("load mode table", load, "return 2", "c", {})
case("load binary chunk in mode t", load, "\27Lua\84\0", "c", "t")
case("load env", function() return load("return x + y", "c", "t", {x = 1, y = 2})() end)
case("load env empty", function() return load("return 6 * 7", "answer", "t", {})() end)
case("load env empty global", function() return load("return math", "answer", "t", {})() end)
case("load env empty call", function() return load("return print('hi')", "answer", "t", {})() end)
case("load env writes", function()
  local env = {}
  load("x = 1; y = x + 1", "c", "t", env)()
  return contents(env), x
end)
case("load env nil", function() return load("return 1", "c", "t", nil)() end)
case("load env nil global", function() return load("return x", "c", "t", nil)() end)
case("load env number", function() return load("return x", "c", "t", 5)() end)
case("load env string", function() return load("return len", "c", "t", "abc")() end)
case("load env with __index", function()
  return load("return x, y", "c", "t", setmetatable({x = 1}, {__index = function(_, k) return k .. "!" end}))()
end)
case("load env no upvalue", function()
  local f = load("local a = 1", "c", "t", {})
  return type(f), f()
end)
case("load env on syntax error", load, "return +", "c", "t", {})
case("load globals by default", function()
  answer_from_load = nil
  load("answer_from_load = 41 + 1")()
  local r = answer_from_load
  answer_from_load = nil
  return r
end)
case("load maths game idiom", function()
  local results = {}
  for _, typed in ipairs({"6*7", "2^10", "1/0", "7 // 2", "os.exit()", "((", "x", "10 - -3", "0x10"}) do
    local f, err = load("return " .. typed, "answer", "t", {})
    if f then
      local ok, v = pcall(f)
      results[#results + 1] = render(ok, v)
    else
      results[#results + 1] = "syntax " .. show(err)
    end
  end
  return table.concat(results, " | ")
end)
case("load reader pieces", function()
  local parts, i = {"return ", "1", " + ", "2", nil}, 0
  return load(function() i = i + 1; return parts[i] end)()
end)
case("load reader empty string ends", function()
  local parts, i = {"return 5", "", "+ 1"}, 0
  return load(function() i = i + 1; return parts[i] end)()
end)
case("load reader number pieces", function()
  local parts, i = {"return ", 40, "+", 2}, 0
  return load(function() i = i + 1; return parts[i] end)()
end)
case("load reader non-string", function()
  local i = 0
  return load(function() i = i + 1; if i == 1 then return "return" end return {} end)
end)
case("load reader error", load, function() error("reader broke") end)
case("load reader error table", function()
  local r = table.pack(load(function() error({why = "table"}) end))
  return r.n, r[1], type(r[2]), r[2] and r[2].why
end)
case("load reader nothing", function() local f = load(function() end); return type(f), f() end)
case("load reader syntax error", function()
  local parts, i = {"return ", "+"}, 0
  return load(function() i = i + 1; return parts[i] end)
end)
case("load reader named", function()
  local parts, i = {"x = = 2"}, 0
  return load(function() i = i + 1; return parts[i] end, "=typed")
end)
case("load reader with env", function()
  local parts, i = {"return ", "a"}, 0
  return load(function() i = i + 1; return parts[i] end, "r", "t", {a = "from env"})()
end)
case("load reader mode b", function()
  local parts, i = {"return 1"}, 0
  return load(function() i = i + 1; return parts[i] end, "r", "b")
end)
case("load reader binary in mode t", function()
  local parts, i = {"\27Lua"}, 0
  return load(function() i = i + 1; return parts[i] end, "r", "t")
end)
case("load reader from gmatch", function()
  return load(string.gmatch("return 'g' .. 'm'", "....?"))()
end)
case("load reader from coroutine", function()
  local co = coroutine.wrap(function()
    for _, piece in ipairs({"return ", "'co'", " .. ", "'routine'"}) do coroutine.yield(piece) end
  end)
  return load(co)()
end)
case("load reader yields", function()
  local co = coroutine.create(function()
    return load(function() coroutine.yield("inside") end)
  end)
  return coroutine.resume(co)
end)
case("load 8-bit string literal", function() return #load("return '\xE9\xFF'")(), load("return '\xE9'")():byte() end)
case("load nested", function() return load("return load('return 3 * 3')()")() end)
case("load runtime error position", function() return load("local x = nil; return x.y", "=calc")() end)
case("load runtime error in string chunk", function() return load("error('oops')")() end)

---------------------------------------------------------------------------
-- pcall, xpcall, error
---------------------------------------------------------------------------

case("pcall ok", pcall, function(...) return ... end, 1, nil, 3)
case("pcall no args", pcall)
case("pcall nil", pcall, nil)
case("pcall number", pcall, 42)
case("pcall callable table", pcall, setmetatable({}, {__call = function(self, a) return "called", a end}), "arg")
case("pcall error string", pcall, error, "msg")
case("pcall error level 0", pcall, error, "msg", 0)
case("pcall error table", pcall, error, {code = 1})
case("pcall error nil", pcall, error, nil)
case("pcall error no args", pcall, error)
case("pcall error number", pcall, error, 42)
case("pcall error false", pcall, error, false)
case("pcall runtime error", pcall, function() local t = nil; return t.x end)
case("pcall arith error", pcall, function() return {} + 1 end)
case("pcall error level 1", pcall, function() error("here") end)
case("pcall error level 2", pcall, function()
  local function inner() error("caller's fault", 2) end
  inner()
end)
case("pcall error level 3", pcall, function()
  local function inner() error("two up", 3) end
  local function middle() inner() end
  middle()
end)
case("pcall error level big", pcall, function() error("far", 50) end)
case("pcall nested", pcall, pcall, error, "inner")
case("pcall pcall", pcall, pcall)
case("pcall many results", function()
  local r = table.pack(pcall(table.unpack, {}, 1, 250))
  return r.n, r[1], r[251]
end)
case("pcall error object identity", function()
  local obj = {}
  local ok, e = pcall(error, obj)
  return ok, e == obj
end)
case("pcall __tostring error object", pcall, error, setmetatable({}, {__tostring = function() return "custom" end}))
case("pcall error in __index", pcall, function() return setmetatable({}, {__index = function() error("idx") end}).x end)
case("pcall C stack overflow", function()
  local function nest(n) if n == 0 then return "bottom" end return select(2, pcall(nest, n - 1)) end
  return nest(250)
end)
case("pcall yield across", function()
  local co = coroutine.create(function()
    local ok, v = pcall(function() return coroutine.yield("y") + 1 end)
    return ok, v
  end)
  local a = table.pack(coroutine.resume(co))
  local b = table.pack(coroutine.resume(co, 41))
  return show_all(table.unpack(a, 1, a.n)), show_all(table.unpack(b, 1, b.n))
end)
case("pcall yield then error", function()
  local co = coroutine.create(function()
    return pcall(function() coroutine.yield(); error("after yield") end)
  end)
  coroutine.resume(co)
  return coroutine.resume(co)
end)

local function handler(m) return "handled: " .. tostring(m) end
case("xpcall ok", xpcall, function(...) return ... end, handler, 1, 2)
case("xpcall no args", xpcall)
case("xpcall no handler", xpcall, print)
case("xpcall handler number", xpcall, print, 1)
case("xpcall handler table", xpcall, print, {})
case("xpcall callable handler", xpcall, error, setmetatable({}, {__call = function() return "t" end}))
case("xpcall error", xpcall, error, handler, "boom")
case("xpcall error table", xpcall, error, function(e) return type(e), e.code end, {code = 5})
case("xpcall call nil", xpcall, nil, handler)
case("xpcall call number", xpcall, 3, handler)
case("xpcall handler returns nothing", xpcall, error, function() end, "x")
case("xpcall handler returns many", xpcall, error, function(m) return 1, 2, 3 end, "x")
case("xpcall handler errors", xpcall, error, function() error("in handler") end, "x")
case("xpcall handler errors table", xpcall, error, function() error({}) end, "x")
case("xpcall handler is error", xpcall, error, error, "x")
case("xpcall handler sees level", xpcall, function() error("lvl", 1) end, function(m) return m end)
case("xpcall runtime error", xpcall, function() return nil + 1 end, handler)
case("xpcall nested", xpcall, function()
  return xpcall(error, function(m) return "inner " .. m end, "e1")
end, handler)
case("xpcall handler calls pcall", xpcall, error, function(m) return pcall(error, m .. "!") end, "x")
case("xpcall many results", function()
  local r = table.pack(xpcall(table.unpack, handler, {}, 1, 250))
  return r.n, r[1], r[251]
end)
case("xpcall yield across", function()
  local co = coroutine.create(function()
    return xpcall(function() return coroutine.yield("y") * 2 end, handler)
  end)
  coroutine.resume(co)
  return coroutine.resume(co, 21)
end)
case("xpcall yield then error", function()
  local co = coroutine.create(function()
    return xpcall(function() coroutine.yield(); error("late", 0) end, handler)
  end)
  coroutine.resume(co)
  return coroutine.resume(co)
end)
case("error with __close", function()
  local log = {}
  local ok, e = pcall(function()
    local a <close> = setmetatable({}, {__close = function(_, err) log[#log + 1] = "close a: " .. tostring(err) end})
    local b <close> = setmetatable({}, {__close = function(_, err) log[#log + 1] = "close b: " .. tostring(err) end})
    error("body", 0)
  end)
  return ok, e, table.concat(log, "; ")
end)
case("error replaced in __close", function()
  return pcall(function()
    local a <close> = setmetatable({}, {__close = function() error("from close", 0) end})
    error("body", 0)
  end)
end)
case("error tbc not closable", pcall, load("local x <close> = 42"))

---------------------------------------------------------------------------
-- coroutine.resume, coroutine.wrap, coroutine.close
---------------------------------------------------------------------------

case("resume values", function()
  local co = coroutine.create(function(a, b)
    local c = coroutine.yield(a + b)
    local d, e = coroutine.yield(c * 2)
    return d, e, "done"
  end)
  local r = {}
  for _, args in ipairs({{1, 2}, {10}, {"x", nil}, {}}) do
    r[#r + 1] = render(coroutine.resume(co, table.unpack(args, 1, 2)))
  end
  return table.concat(r, " | "), coroutine.status(co)
end)
case("resume dead", function()
  local co = coroutine.create(function() end)
  coroutine.resume(co)
  return coroutine.resume(co)
end)
case("resume error", function()
  local co = coroutine.create(function() error("inside") end)
  return coroutine.resume(co), coroutine.status(co)
end)
case("resume error table", function()
  local co = coroutine.create(function() error({1}) end)
  local ok, e = coroutine.resume(co)
  return ok, type(e), e[1]
end)
case("resume errored again", function()
  local co = coroutine.create(function() error("once") end)
  coroutine.resume(co)
  return coroutine.resume(co)
end)
case("resume running", function()
  local co
  co = coroutine.create(function() return coroutine.resume(co) end)
  return coroutine.resume(co)
end)
case("resume normal", function()
  local outer
  outer = coroutine.create(function()
    local inner = coroutine.create(function() return coroutine.resume(outer) end)
    return coroutine.resume(inner)
  end)
  return coroutine.resume(outer)
end)
case("resume main", function() return coroutine.resume(coroutine.running()) end)
case("resume no args", coroutine.resume)
case("resume nil", coroutine.resume, nil)
case("resume function", coroutine.resume, print)
case("resume table", coroutine.resume, {})
case("resume many args", function()
  local co = coroutine.create(function(...) return select("#", ...) end)
  return coroutine.resume(co, table.unpack({}, 1, 200))
end)
case("resume many results", function()
  local co = coroutine.create(function() return table.unpack({}, 1, 240) end)
  local r = table.pack(coroutine.resume(co))
  return r.n, r[1]
end)
case("resume yield many", function()
  local co = coroutine.create(function() coroutine.yield(table.unpack({1, 2, 3, 4, 5})) end)
  return coroutine.resume(co)
end)
case("resume nested yields", function()
  local gen = coroutine.create(function()
    for i = 1, 3 do
      local inner = coroutine.create(function() coroutine.yield(i * 10) end)
      coroutine.yield(select(2, coroutine.resume(inner)))
    end
  end)
  local out = {}
  for _ = 1, 4 do out[#out + 1] = render(coroutine.resume(gen)) end
  return table.concat(out, " | ")
end)
case("resume wrapped error position", function()
  local co = coroutine.create(function() local t; return t.field end)
  return coroutine.resume(co)
end)
case("resume yield from pcall in coroutine", function()
  local co = coroutine.create(function() return pcall(coroutine.yield, "from pcall") end)
  local a = render(coroutine.resume(co))
  return a, render(coroutine.resume(co, "back"))
end)
case("resume isyieldable", function()
  local co = coroutine.create(function() return coroutine.isyieldable() end)
  return coroutine.isyieldable(), coroutine.resume(co)
end)
case("resume status inside", function()
  local co
  co = coroutine.create(function() return coroutine.status(co), coroutine.running() == co end)
  return coroutine.resume(co)
end)
case("resume __close on error", function()
  local log = {}
  local co = coroutine.create(function()
    local x <close> = setmetatable({}, {__close = function(_, e) log[#log + 1] = tostring(e) end})
    error("fail", 0)
  end)
  local r = render(coroutine.resume(co))
  return r, table.concat(log, ";"), coroutine.status(co)
end)

case("wrap values", function()
  local f = coroutine.wrap(function(a) local b = coroutine.yield(a * 2); return b + 1 end)
  return f(5), f(10)
end)
case("wrap dead", function()
  local f = coroutine.wrap(function() end)
  f()
  return f()
end)
case("wrap error string", function()
  local f = coroutine.wrap(function() error("wrapped") end)
  return f()
end)
case("wrap error level 0", function()
  local f = coroutine.wrap(function() error("no position", 0) end)
  return f()
end)
case("wrap error table", function()
  local f = coroutine.wrap(function() error({"t"}) end)
  local ok, e = pcall(f)
  return ok, type(e), e[1]
end)
case("wrap error number", function()
  local f = coroutine.wrap(function() error(42) end)
  return f()
end)
case("wrap error via pcall", function()
  local f = coroutine.wrap(function() error("via pcall") end)
  return pcall(f)
end)
case("wrap called again after error", function()
  local f = coroutine.wrap(function() error("first") end)
  pcall(f)
  return f()
end)
case("wrap no args", coroutine.wrap)
case("wrap number", coroutine.wrap, 1)
case("wrap running", function()
  local f
  f = coroutine.wrap(function() return f() end)
  return f()
end)
case("wrap __close error replaces", function()
  local f = coroutine.wrap(function()
    local x <close> = setmetatable({}, {__close = function() error("in close") end})
    error("original")
  end)
  return f()
end)
case("wrap __close error table", function()
  local f = coroutine.wrap(function()
    local x <close> = setmetatable({}, {__close = function() error({"close table"}) end})
    error("original")
  end)
  local ok, e = pcall(f)
  return ok, type(e), type(e) == "table" and e[1] or e
end)
case("wrap __close sees error", function()
  local seen
  local f = coroutine.wrap(function()
    local x <close> = setmetatable({}, {__close = function(_, e) seen = e end})
    error("closing", 0)
  end)
  local r = render(pcall(f))
  return r, seen
end)
case("wrap __close ok on error", function()
  local f = coroutine.wrap(function()
    local x <close> = setmetatable({}, {__close = function() end})
    error({})
  end)
  local ok, e = pcall(f)
  return ok, type(e)
end)
case("wrap generator", function()
  local gen = coroutine.wrap(function() for i = 1, 3 do coroutine.yield(i) end end)
  return gen(), gen(), gen(), gen()
end)
case("wrap in for loop", function()
  local sum = 0
  for v in coroutine.wrap(function() for i = 1, 10 do coroutine.yield(i) end end) do sum = sum + v end
  return sum
end)
case("wrap many args", function()
  local f = coroutine.wrap(function(...) return select("#", ...) end)
  return f(table.unpack({}, 1, 200))
end)

case("close suspended", function()
  local co = coroutine.create(function() coroutine.yield() end)
  coroutine.resume(co)
  return coroutine.close(co), coroutine.status(co)
end)
case("close not started", function()
  local co = coroutine.create(function() end)
  return coroutine.close(co), coroutine.status(co)
end)
case("close dead", function()
  local co = coroutine.create(function() end)
  coroutine.resume(co)
  return coroutine.close(co)
end)
case("close dead by error", function()
  local co = coroutine.create(function() error("died", 0) end)
  coroutine.resume(co)
  return coroutine.close(co)
end)
case("close dead by error table", function()
  local co = coroutine.create(function() error({"obj"}) end)
  coroutine.resume(co)
  local ok, e = coroutine.close(co)
  return ok, type(e)
end)
case("close twice", function()
  local co = coroutine.create(function() error("died", 0) end)
  coroutine.resume(co)
  local a = render(coroutine.close(co))
  return a, render(coroutine.close(co))
end)
case("close runs __close", function()
  local log = {}
  local co = coroutine.create(function()
    local a <close> = setmetatable({}, {__close = function(_, e) log[#log + 1] = "a " .. tostring(e) end})
    local b <close> = setmetatable({}, {__close = function(_, e) log[#log + 1] = "b " .. tostring(e) end})
    coroutine.yield()
  end)
  coroutine.resume(co)
  local r = render(coroutine.close(co))
  return r, table.concat(log, ";")
end)
case("close __close error", function()
  local co = coroutine.create(function()
    local a <close> = setmetatable({}, {__close = function() error("close failed", 0) end})
    coroutine.yield()
  end)
  coroutine.resume(co)
  return coroutine.close(co)
end)
case("close __close errors chain", function()
  local co = coroutine.create(function()
    local a <close> = setmetatable({}, {__close = function(_, e) error("a saw " .. tostring(e), 0) end})
    local b <close> = setmetatable({}, {__close = function() error("b failed", 0) end})
    coroutine.yield()
  end)
  coroutine.resume(co)
  return coroutine.close(co)
end)
case("close running", function()
  local co
  co = coroutine.create(function() return coroutine.close(co) end)
  return coroutine.resume(co)
end)
case("close main", function() return coroutine.close(coroutine.running()) end)
case("close normal", function()
  local outer
  outer = coroutine.create(function()
    local inner = coroutine.create(function() return coroutine.close(outer) end)
    return coroutine.resume(inner)
  end)
  return coroutine.resume(outer)
end)
case("close no args", coroutine.close)
case("close table", coroutine.close, {})
case("close then resume", function()
  local co = coroutine.create(function() coroutine.yield(1) end)
  coroutine.resume(co)
  coroutine.close(co)
  return coroutine.resume(co)
end)
case("close wrap's coroutine via running", function()
  local co
  local f = coroutine.wrap(function() co = coroutine.running(); coroutine.yield() end)
  f()
  return coroutine.close(co), coroutine.status(co)
end)

---------------------------------------------------------------------------
-- os (time, clock, date, difftime: stock's, reading the run's clock when no time is given),
-- package, collectgarbage, string.format's %s and %p of values shown by address
---------------------------------------------------------------------------

-- The shape of an address, whatever it is: stock's and EduJam's differ in value only.
local function address_shape(s) return (s:gsub("0x%x+", "ADDRESS")) end

case("os.time is an integer", function() return math.type(os.time()) end)
case("os.time nil", function() return math.type(os.time(nil)) end)
case("os.time of a table", function()
  local t = {year = 2020, month = 14, day = 31, hour = 12}
  local n = os.time(t)
  return math.type(n), t.year, t.month, t.day, t.yday, t.isdst
end)
case("os.time missing day", os.time, {year = 2020, month = 1})
case("os.time bad field", os.time, {year = 2020, month = "x", day = 1})
case("os.time field too large", os.time, {year = 2020, month = 1, day = 2^40})
case("os.time not a table", os.time, 5)
case("os.clock is a float", function() return math.type(os.clock()) end)
case("os.date utc", os.date, "!%Y-%m-%d %H:%M:%S %j %a %b %p", 1234567890)
case("os.date *t", function() local t = os.date("!*t", 0) return t.year, t.month, t.day, t.hour, t.wday, t.yday, t.isdst end)
case("os.date default is a string", function() return type(os.date()) end)
case("os.date now, *t", function() return math.type(os.date("*t").year) end)
case("os.date nil time", function() return type(os.date("%Y", nil)) end)
case("os.date bad specifier", os.date, "%Ez")
case("os.date trailing %", os.date, "%", 0)
case("os.date bad time", os.date, "%Y", "soon")
case("os.date float time", os.date, "!%H", 1.5)
case("os.difftime", os.difftime, 10, 4)
case("os.difftime one arg", os.difftime, 10)
case("os.difftime bad", os.difftime, "a", 1)
case("os fields", function()
  local names = {}
  for _, k in ipairs({"clock", "date", "difftime", "time"}) do names[#names + 1] = type(os[k]) end
  return table.concat(names, " ")
end)
case("package facts", function()
  return package.config:sub(1, 1), package.loaded._G == _G, package.loaded.string == string,
    package.loaded.table == table, package.loaded.math == math, package.loaded.utf8 == utf8,
    package.loaded.coroutine == coroutine, package.loaded.os == os, package.loaded.package == package,
    package.path:find("./?.lua;./?/init.lua", 1, true) ~= nil
end)
case("collectgarbage collect", collectgarbage, "collect")
case("collectgarbage default", collectgarbage)
case("collectgarbage isrunning", collectgarbage, "isrunning")
case("collectgarbage count", function() return math.type(collectgarbage("count")) end)
case("collectgarbage step", function() return type(collectgarbage("step", 0)) end)
case("collectgarbage bad option", collectgarbage, "nonsense")
case("collectgarbage bad type", collectgarbage, {})
case("getmetatable of a string", function() return getmetatable("").__index == string end)
case("format %s of a table", function() return address_shape(string.format("%s|%10s", {}, {})) end)
case("format %s __name", function() return address_shape(string.format("%s", setmetatable({}, {__name = "Point"}))) end)
case("format %s __tostring", string.format, "%s|%-8s|", setmetatable({}, {__tostring = function() return "me" end}), "x")
case("format %s __tostring not a string", string.format, "%s", setmetatable({}, {__tostring = function() return 1 end}))
case("format %p of a table", function() return address_shape(string.format("[%p] [%20p] [%-20p]", {}, {}, print)) end)
case("format %p of a string", function() return address_shape(string.format("%p", "text")) end)
case("format %p same table", function() local t = {} return string.format("%p", t) == string.format("%p", t) end)
case("format %p vs tostring", function() local t = {} return "table: " .. string.format("%p", t) == tostring(t) end)
case("format %p of a number", string.format, "[%p] [%8p] [%-8p]", 1, true, nil)
case("format %p precision", string.format, "%.3p", {})
case("format %p zero flag", string.format, "%05p", {})
case("format %p width 3 digits", string.format, "%100p", {})
case("format %p no value", string.format, "%d %p", 1)
case("format %p too long", string.format, "%-------------------------p", {})
case("format mixed", function() return address_shape(string.format("%d %s %p %q %%p %5.1f", 3, {}, {}, "q", 2.25)) end)
case("format bad conversion after %p", string.format, "%p %y", {}, 1)
case("format %c before bad %p", string.format, "%c%.1p", 65, {})
case("tostring of a table", function() return address_shape(tostring({})) end)
case("tostring of a function", function() return address_shape(tostring(print)), address_shape(tostring(function() end)) end)
case("tostring of a coroutine", function() return address_shape(tostring(coroutine.create(print))) end)
case("tostring same table", function() local t = {} return tostring(t) == tostring(t), tostring(t) ~= tostring({}) end)

---------------------------------------------------------------------------
-- tostring and print
---------------------------------------------------------------------------

for _, v in ipairs({0, -0, 1, -1, 0.0, -0.0, 1.5, 1e15, 1e16, 1e100, -1e-100, 2^53, 2^63, math.maxinteger,
                    math.mininteger, math.huge, -math.huge, 1/3, 100, 100.0, 0x7fffffff, 255 // 1, 7 / 2}) do
  case("tostring " .. show(v), tostring, v)
end
case("tostring nan", function() local s = tostring(0/0); return s == "nan" or s == "-nan" end)
case("tostring nil", tostring, nil)
case("tostring no args", tostring)
case("tostring true", tostring, true)
case("tostring false", tostring, false)
case("tostring string", tostring, "text")
case("tostring 8-bit", tostring, "caf\xE9")
case("tostring __tostring", tostring, setmetatable({}, {__tostring = function() return "custom" end}))
case("tostring __tostring number", tostring, setmetatable({}, {__tostring = function() return 42 end}))
case("tostring __tostring nil", tostring, setmetatable({}, {__tostring = function() end}))
case("tostring __tostring error", tostring, setmetatable({}, {__tostring = function() error("ts failed") end}))
case("tostring __tostring not function", tostring, setmetatable({}, {__tostring = "nope"}))
case("tostring __name", function()
  return (tostring(setmetatable({}, {__name = "Point"})):gsub("0x%x+", "ADDR"):gsub(": %x+$", ": ADDR"))
end)
case("tostring __name not string", function()
  return (tostring(setmetatable({}, {__name = 5})):gsub("0x%x+", "ADDR"):gsub(": %x+$", ": ADDR"))
end)
case("tostring table shape", function() return (tostring({}):gsub("0x%x+", "ADDR"):gsub(": %x+$", ": ADDR")) end)
case("tostring function shape", function()
  return (tostring(print):gsub("builtin: %x+", "ADDR"):gsub("0x%x+", "ADDR"):gsub(": %x+$", ": ADDR"))
end)
case("tostring coroutine shape", function()
  return (tostring(coroutine.create(print)):gsub("0x%x+", "ADDR"):gsub(": %x+$", ": ADDR"))
end)
case("tostring extra args", tostring, 1, 2)

-- Each print case prints a label line, then whatever print writes (compare.lua turns stock's
-- tab separators into spaces and its control characters into '?', as EduJam's print does).
local function print_case(label, ...)
  cases = cases + 1
  ids, next_id = {}, 0
  print("print " .. label .. ":")
  print("  -> " .. render(pcall(print, ...)))
end

print_case("nothing")
print_case("one string", "hello")
print_case("several", 1, "two", 3.0, nil, true, false)
print_case("trailing nil", "a", nil)
print_case("nil only", nil)
print_case("numbers", -0.0, 1e100, 2^63, math.mininteger, 1/3, 10 // 3)
print_case("__tostring", setmetatable({}, {__tostring = function() return "T!" end}), "after")
print_case("__tostring number", setmetatable({}, {__tostring = function() return 5 end}))
print_case("__tostring error", setmetatable({}, {__tostring = function() error("no text", 0) end}))
print_case("8-bit", "caf\xE9", "\xFF\xFE")
print_case("utf-8", "café", "naïve ✓")
print_case("newline inside", "line one\nline two")
print_case("escape sequence", "\27[2J\27[H cleared?")
print_case("bell and backspace", "a\7b\8c")
print_case("carriage return", "over\rwrite")
print_case("nul", "a\0b")
print_case("del", "x\127y")
print_case("c1 csi", "\xC2\x9B2J")
print_case("c1 range", "\xC2\x80\xC2\x9F\xC2\xA0")
print_case("long", string.rep("ab", 2000))

print(("-- %d cases"):format(cases))
