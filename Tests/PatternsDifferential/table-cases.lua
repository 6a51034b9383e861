-- table-cases.lua: EduJam's ej.sort (Sources/LuaShim/tables.c) against table.sort of the
-- same Lua 5.4. Run by differential.c (`make test-tables`). Returns the number of failures.
--
-- Each case sorts two copies of the same array, one with each sort, and compares the
-- results, the error (if any), and every comparison made, in order: the same
-- comparisons mean the same algorithm, so equal elements end in the same places and
-- inconsistent comparators fail the same way. Part 1 is hand-written (argument
-- errors, proxies, comparators that break the rules), part 2 random arrays from a
-- fixed seed, part 3 proves that a sort of long strings reaches
-- edujam_check_interrupt and stops.

local passed, failed = 0, 0
local MAX_SHOWN = 25

local function show(v)
  if type(v) == "string" then
    if #v > 40 then return ("<string of %d bytes>"):format(#v) end
    return (string.format("%q", v):gsub("\n", "n"))
  end
  if math.type(v) then return math.type(v) .. ":" .. tostring(v) end
  if type(v) == "table" and v.key ~= nil then return ("{%s#%s}"):format(show(v.key), tostring(v.id)) end
  return type(v)
end

-- The function's name differs ('table.sort' against '?'); nothing else may.
local function normalize_error(e)
  if type(e) ~= "string" then return show(e) end
  return (e:gsub("^(bad argument #%d+ to )'[^']*'", "%1'?'"))
end

local function render(list, n)
  local parts = {}
  for i = 1, n do parts[i] = show(list[i]) end
  return table.concat(parts, " ")
end

local interrupt = dofile((debug.getinfo(1, "S").source:match("^@(.-)[^/]*$") or "") .. "interrupt.lua")
local function count(good) if good then passed = passed + 1 else failed = failed + 1 end end
local function expect_interrupt(...) count(interrupt.stopped_in_time(...)) end

local function record(label, expected, got)
  count(expected == got)
  if expected ~= got and failed <= MAX_SHOWN then
    print(("MISMATCH %s\n  stock:  %s\n  edujam: %s"):format(label, expected, got))
  end
end

-- Sorts a copy of `values` (n of them) with `sort`; `compare` is nil, or a function of
-- (a, b, log) whose calls are logged. Returns one line: result, error, comparison log.
local function run(sort, values, n, compare, seed)
  local copy = table.move(values, 1, n, 1, {})
  local log = {}
  local f = compare and function(a, b)
    log[#log + 1] = show(a) .. "<" .. show(b)
    return compare(a, b)
  end
  math.randomseed(seed or 1)
  local ok, err = pcall(sort, copy, f)
  return ("%s | %s | %s"):format(render(copy, n), ok and "ok" or normalize_error(err),
    table.concat(log, ","))
end

local function check(label, values, n, compare, seed)
  record(label, run(table.sort, values, n, compare, seed), run(ej.sort, values, n, compare, seed))
end

-- An argument list as given, errors and all, to both versions of a function.
local function check_both(label, stock, ours, ...)
  local function call(f, ...)
    local ok, result = pcall(f, ...)
    return ok and "ok " .. show(result) or normalize_error(result)
  end
  record(label, call(stock, ...), call(ours, ...))
end
local function check_call(label, ...) check_both(label, table.sort, ej.sort, ...) end
local function check_concat(label, ...) check_both("concat " .. label, table.concat, ej.concat, ...) end

---------------------------------------------------------------------------
-- Part 1: hand-written cases
---------------------------------------------------------------------------

local function less(a, b) return a < b end
local function greater(a, b) return a > b end
local function by_key(a, b) return a.key < b.key end
local function records(keys)
  local list = {}
  for i, k in ipairs(keys) do list[i] = { key = k, id = i } end
  return list
end

for _, values in ipairs({
  {}, { 1 }, { 2, 1 }, { 1, 2 }, { 3, 1, 2 }, { 5, 4, 3, 2, 1 }, { 1, 2, 3, 4, 5, 6, 7, 8 },
  { 3, 3, 3, 3 }, { 2, 1, 2, 1, 2, 1 }, { 1.5, 1, -2, 2^53, -0.0, 0, math.huge, -math.huge },
  { 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, -1, -2, -3 }, { "b", "a", "c", "", "ab", "B", "a\0b", "a\0a" },
}) do
  check("numbers/strings " .. render(values, #values), values, #values)
  check("greater " .. render(values, #values), values, #values, greater)
end
check("records by key", records({ 3, 1, 2, 1, 3, 2, 1 }), 7, by_key)
check("records, all equal", records({ 5, 5, 5, 5, 5, 5, 5, 5, 5 }), 9, by_key)

-- Comparators that break the rules: stock either raises or leaves some order.
check("always true", { 1, 2, 3, 4, 5 }, 5, function() return true end)
check("always true, many", { 9, 8, 7, 6, 5, 4, 3, 2, 1, 0 }, 10, function() return true end)
check("always false", { 3, 1, 2 }, 3, function() return false end)
check("<= with duplicates", { 2, 2, 2, 1, 1, 1, 3, 3 }, 8, function(a, b) return a <= b end)
check("random answers", { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 }, 12,
  function() return math.random(2) == 1 end, 7)
check("NaN among numbers", { 3, 0 / 0, 1, 2, 0 / 0, 5 }, 6)
check("comparator errors", { 3, 1, 2 }, 3, function(a, b) if a == 1 then error("no 1") end return a < b end)
check("mixed types", { 1, "x", 2 }, 3)
check("tables without __lt", { {}, {} }, 2)
check("booleans", { true, false }, 2)
local lt = { __lt = function(a, b) return a.v < b.v end }
local objects = {}
for i, v in ipairs({ 4, 2, 9, 1 }) do objects[i] = setmetatable({ v = v, key = v, id = i }, lt) end
check("__lt metamethod", objects, 4)

-- Arguments.
check_call("no argument")
check_call("a number", 1)
check_call("nil", nil)
check_call("a string", "abc")
check_call("bad comparator", { 3, 2, 1 }, 1)
check_call("bad comparator, short table", {}, 1)
check_call("bad comparator, one element", { 1 }, "x")
check_call("comparator false", { 2, 1 }, false)
check_call("explicit nil comparator", { 2, 1 }, nil)
check_call("__len not an integer", setmetatable({}, { __len = function() return 1.5 end }))
check_call("__len too big", setmetatable({}, { __len = function() return 2^31 end }))
check_call("__len huge", setmetatable({}, { __len = function() return math.maxinteger end }))
check_call("__len negative", setmetatable({}, { __len = function() return -5 end }))
check_call("holes", { 1, nil, 3, nil, 5 })

-- A proxy: reads and writes go through __index and __newindex.
local function proxy(values)
  local store = table.move(values, 1, #values, 1, {})
  return setmetatable({}, {
    __index = function(_, k) return store[k] end,
    __newindex = function(_, k, v) store[k] = v end,
    __len = function() return #store end,
  }), store
end
do
  local p1, s1 = proxy({ 5, 3, 4, 1, 2 })
  local p2, s2 = proxy({ 5, 3, 4, 1, 2 })
  local ok1, e1 = pcall(table.sort, p1)
  local ok2, e2 = pcall(ej.sort, p2)
  record("proxy table", tostring(ok1) .. tostring(e1) .. render(s1, 5), tostring(ok2) .. tostring(e2) .. render(s2, 5))
end

-- concat
check_concat("empty", {})
check_concat("strings", { "a", "b", "c" })
check_concat("separator", { "a", "b", "c" }, ", ")
check_concat("numbers", { 1, 2.5, -0.0, 3.0, 2^63, math.mininteger, 1e300 }, " ")
check_concat("range", { "a", "b", "c", "d" }, "-", 2, 3)
check_concat("one", { "a", "b" }, "-", 2, 2)
check_concat("empty range", { "a", "b" }, "-", 3, 2)
check_concat("negative range", { [-1] = "x", [0] = "y", [1] = "z" }, "", -1, 1)
check_concat("hole", { "a", nil, "c" }, "", 1, 3)
check_concat("a table inside", { "a", {}, "c" })
check_concat("a boolean inside", { "a", true })
check_concat("separator a number", { "a", "b" }, 7)
check_concat("separator a table", { "a", "b" }, {})
check_concat("start not an integer", { "a" }, "", 1.5)
check_concat("end a string number", { "a", "b" }, "", 1, "2")
check_concat("no argument")
check_concat("a string", "abc")
check_concat("a number", 5)
check_concat("__len", setmetatable({ "a", "b", "c" }, { __len = function() return 2 end }))
check_concat("__len not an integer", setmetatable({}, { __len = function() return "x" end }))
check_concat("__index", setmetatable({}, { __index = function(_, i) return "<" .. i .. ">" end }), "", 1, 4)
check_concat("past the end of integers", { [math.maxinteger] = "m" }, "", math.maxinteger, math.maxinteger)
check_concat("embedded zeros", { "a\0b", "\0" }, "\0")

---------------------------------------------------------------------------
-- Part 2: random arrays, fixed seed
---------------------------------------------------------------------------

local RANDOM_ROUNDS = 3000
math.randomseed(20261130)
local rng_state = { math.random(1 << 30) }
local function rnd(m)                 -- our own generator: `run` reseeds math.random
  rng_state[1] = rng_state[1] * 6364136223846793005 + 1442695040888963407  -- wraps
  return (rng_state[1] >> 33) % m + 1
end

for round = 1, RANDOM_ROUNDS do
  -- Up to 100 elements, so stock never re-randomises its pivot from the clock.
  local n = rnd(100) - 1
  local range = ({ 2, 5, 50, 1000000 })[rnd(4)]
  local keys = {}
  for i = 1, n do keys[i] = rnd(range) end
  local kind = rnd(4)
  if kind == 1 then
    check("random numbers #" .. round, keys, n)
  elseif kind == 2 then
    check("random records #" .. round, records(keys), n, by_key)
  elseif kind == 3 then
    local strings = {}
    for i = 1, n do strings[i] = ("k"):rep(keys[i] % 7) .. keys[i] end
    check("random strings #" .. round, strings, n, greater)
  else
    check("random <= #" .. round, keys, n, function(a, b) return a <= b end)
  end
end

-- Longer arrays: the result is unique (distinct elements), whatever the pivots.
for round = 1, 20 do
  local n = 100 + rnd(3000)
  local values, seen = {}, {}
  while #values < n do
    local v = rnd(1 << 30)
    if not seen[v] then seen[v] = true; values[#values + 1] = v end
  end
  local a = table.move(values, 1, n, 1, {})
  local b = table.move(values, 1, n, 1, {})
  table.sort(a); ej.sort(b)
  record("long distinct #" .. round, render(a, n), render(b, n))
end

print(("tables: %d cases compared with table.sort and table.concat"):format(passed + failed))

---------------------------------------------------------------------------
-- Part 3: long sorts and concats reach edujam_check_interrupt and stop
---------------------------------------------------------------------------

local big = ("x"):rep(8 << 20)
local refs = {}
for i = 1, 2000 do refs[i] = big end
ej.arm_deadline(0.05)
expect_interrupt("sort(2000 x one 8 MiB string) at 50 ms", 0.25, ej.sort, refs)

local numbers = {}
for i = 1, 200000 do numbers[i] = (i * 7919) % 200003 end
ej.arm_calls(3)
expect_interrupt("sort(200000 numbers) at the 3rd check", 1.0, ej.sort, numbers)
ej.arm_calls(3)
expect_interrupt("sort(200000 numbers, rawequal) at the 3rd check", 1.0, ej.sort, numbers, rawequal)

-- Each element from an __index that is a C function returning "": no Lua instruction,
-- no allocation, 1e12 elements.
ej.arm_deadline(0.05)
expect_interrupt("concat(1e12 empty elements) at 50 ms", 0.25, ej.concat,
  setmetatable({}, { __index = ej.concat }), "", 1, 1e12)
ej.arm_deadline(0.05)
expect_interrupt("concat(1e12 x '', separator '') at 50 ms", 0.25, ej.concat,
  setmetatable({}, { __index = ej.concat }), "", 1, math.maxinteger)

-- And ordinary sorts are not disturbed: the same answers, with checks along the way.
count(interrupt.checked_along_the_way("a long ordinary sort", function()
  local a = table.move(numbers, 1, #numbers, 1, {})
  local b = table.move(numbers, 1, #numbers, 1, {})
  table.sort(a); ej.sort(b)
  record("200000 numbers after the interrupts", render(a, #a), render(b, #b))
end))

print(("%d passed, %d failed"):format(passed, failed))
return failed
