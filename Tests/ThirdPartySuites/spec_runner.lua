-- A small runner for the test files of third-party libraries, the same under stock lua5.4 and
-- in a game: busted's describe/it (with before_each, after_each, setup, teardown, pending,
-- finally, spies and stubs, and the luassert assertions these suites use) and telescope's
-- context/test (before, after, assert_true ...). It is EduJam's own, written to run those
-- suites unchanged; it is not busted. `run(files)` runs each file's specs in order and
-- returns the counts; a failure prints its file, name and message.
local runner = {}

local passed, failed, skipped = 0, 0, 0
local stack = {}  -- the describe blocks being defined, outermost first

local function fmt(v)
  if type(v) == "string" then return string.format("%q", v) end
  return tostring(v)
end

-- luassert's deep comparison: same type, equal scalars, equal keys and values of tables.
local function same(a, b, seen)
  if a == b then return true end
  if type(a) ~= "table" or type(b) ~= "table" then return false end
  seen = seen or {}
  if seen[a] == b then return true end
  seen[a] = b
  for k, v in pairs(a) do
    if not same(v, rawget(b, k), seen) then return false end
  end
  for k in pairs(b) do
    if rawget(a, k) == nil then return false end
  end
  return true
end

-- ======================= luassert.match's wildcard
local wildcard = setmetatable({}, { __tostring = function() return "_" end })
local function matches(expected, actual)
  if expected == wildcard then return true end
  return same(expected, actual)
end

-- ======================= spies and stubs
local spies = setmetatable({}, { __mode = "k" })

local function new_spy(f)
  local record = { calls = {} }
  local function call(...)
    record.calls[#record.calls + 1] = table.pack(...)
    if f then return f(...) end
  end
  local s = setmetatable(record, { __call = function(_, ...) return call(...) end })
  spies[s] = record
  return s
end

local spy = {
  new = new_spy,
  on = function(t, name)
    t[name] = new_spy(t[name])
    return t[name]
  end,
}
local stub = {
  new = function(t, name)
    if t == nil then return new_spy() end
    t[name] = new_spy()
    return t[name]
  end,
}
setmetatable(spy, { __call = function(_, f) return new_spy(f) end })
setmetatable(stub, { __call = function(_, t, name) return stub.new(t, name) end })

local function called_with(record, ...)
  local want = table.pack(...)
  for _, args in ipairs(record.calls) do
    local ok = true
    for i = 1, math.max(want.n, args.n) do
      if not matches(want[i], args[i]) then ok = false break end
    end
    if ok then return true end
  end
  return false
end

local function spy_assertion(s, negate)
  local record = spies[s]
  if not record then error("assert.spy: not a spy: " .. fmt(s), 3) end
  local function check(ok, what)
    if ok == negate then error("expected the spy " .. (negate and "not " or "") .. what, 3) end
  end
  local a = {}
  a.called = function(n)
    if n then check(#record.calls == n, "to be called " .. n .. " times, got " .. #record.calls)
    else check(#record.calls > 0, "to be called") end
  end
  a.called_with = function(...) check(called_with(record, ...), "to be called with the arguments given") end
  a.was_called = a.called
  a.was_called_with = a.called_with
  a.was_not_called = function() negate = not negate; a.called(); negate = not negate end
  a.was_not_called_with = function(...) negate = not negate; a.called_with(...); negate = not negate end
  a.was = a
  a.was_not = setmetatable({}, { __index = function(_, k)
    return function(...) negate = not negate; a[k](...); negate = not negate end
  end })
  return a
end

-- ======================= assertions
local checks = {}
local function fail(message, level) error(message, level or 4) end

function checks.equal(negate, expected, actual, message)
  if (expected == actual) == negate then
    fail(message or ("expected " .. (negate and "not " or "") .. fmt(expected) .. ", got " .. fmt(actual)))
  end
end
checks.equals = checks.equal
function checks.same(negate, expected, actual, message)
  if same(expected, actual) == negate then
    fail(message or ("expected " .. (negate and "not " or "") .. "the same as " .. fmt(expected) .. ", got " .. fmt(actual)))
  end
end
function checks.unique(negate, t, deep, message)
  local ok = true
  for i, a in pairs(t) do
    for j, b in pairs(t) do
      if i ~= j and (deep and same(a, b) or a == b) then ok = false end
    end
  end
  if ok == negate then fail(message or "expected unique values") end
end
local function truth(name, test)
  checks[name] = function(negate, value, message)
    if test(value) == negate then fail(message or ("expected " .. (negate and "not " or "") .. name .. ", got " .. fmt(value))) end
  end
end
truth("true", function(v) return v == true end)
truth("false", function(v) return v == false end)
truth("nil", function(v) return v == nil end)
truth("truthy", function(v) return not not v end)
truth("falsy", function(v) return not v end)
for _, t in ipairs({ "table", "string", "number", "function", "boolean", "userdata", "thread" }) do
  truth(t, function(v) return type(v) == t end)
end
function checks.error(negate, f, expected, message)
  local ok, err = pcall(f)
  if negate then
    if not ok then fail(message or ("expected no error, got " .. fmt(err))) end
    return
  end
  if ok then fail(message or "expected an error") end
  if expected ~= nil and not same(expected, err) then
    local text = type(err) == "string" and err:gsub("^[^:]*:%d+: ", "") or err
    if not same(expected, text) then fail(message or ("expected error " .. fmt(expected) .. ", got " .. fmt(err))) end
  end
end
checks.errors = checks.error
function checks.error_matches(negate, f, pattern, init, plain, message)
  local ok, err = pcall(f)
  local hit = not ok and type(err) == "string" and err:find(pattern, init, plain) ~= nil
  if hit == negate then fail(message or ("expected an error matching " .. fmt(pattern) .. ", got " .. fmt(err))) end
end
function checks.match(negate, pattern, s, init, plain, message)
  local hit = type(s) == "string" and s:find(pattern, init, plain) ~= nil
  if hit == negate then fail(message or ("expected " .. fmt(s) .. (negate and " not" or "") .. " to match " .. fmt(pattern))) end
end
checks.matches = checks.match
function checks.near(negate, expected, actual, tolerance, message)
  local ok = type(actual) == "number" and math.abs(expected - actual) <= tolerance
  if ok == negate then fail(message or ("expected " .. fmt(actual) .. " near " .. fmt(expected))) end
end
function checks.less(negate, a, b, message)
  if (a < b) == negate then fail(message or ("expected " .. fmt(a) .. (negate and " not" or "") .. " less than " .. fmt(b))) end
end
function checks.greater(negate, a, b, message)
  if (a > b) == negate then fail(message or ("expected " .. fmt(a) .. (negate and " not" or "") .. " greater than " .. fmt(b))) end
end

-- assert.is_not.same, assert.are_equal, assert.has.no.error, assert.Not.match: words joined by
-- '.' or '_'; "not" and "no" negate, "is are has was" are filler.
local filler = { is = true, are = true, has = true, have = true, was = true, does = true, ["for"] = true }
local function chain(words)
  return setmetatable({}, {
    __index = function(_, key)
      local more = {}
      for w in tostring(key):gmatch("[^_]+") do more[#more + 1] = w:lower() end
      local all = { table.unpack(words) }
      for _, w in ipairs(more) do all[#all + 1] = w end
      local negate, rest = false, {}
      for _, w in ipairs(all) do
        if w == "not" or w == "no" then negate = not negate
        elseif not filler[w] then rest[#rest + 1] = w end
      end
      local name = table.concat(rest, "_")
      if checks[name] then
        return function(...) return checks[name](negate, ...) end
      end
      return chain(all)
    end,
    __call = function(_, ...)
      if #words == 0 then  -- assert(v, message): Lua's own
        local v, m = ...
        if not v then error(m or "assertion failed!", 2) end
        return ...
      end
      error("unknown assertion: " .. table.concat(words, "."), 2)
    end,
  })
end
local luassert = chain({})
rawset(luassert, "spy", function(s) return spy_assertion(s, false) end)
rawset(luassert, "stub", function(s) return spy_assertion(s, false) end)
-- assert:register("assertion", name, f, ...): a suite's own assertion, f(state, arguments)
rawset(luassert, "register", function(_, kind, name, f)
  checks[name] = function(negate, ...)
    local arguments = table.pack(...)
    if (not not f({}, arguments)) == negate then
      fail("assertion '" .. name .. "' failed for " .. fmt(arguments[1]) .. ", " .. fmt(arguments[2]))
    end
  end
end)
-- say, the messages module of luassert: the runner's messages are its own
local say = { set_namespace = function() end, set = function() end }

-- ======================= busted's blocks
local function block(name)
  return { name = name, children = {}, before = {}, after = {}, setup = {}, teardown = {} }
end
local root

local function add(kind, name, f)
  local parent = stack[#stack]
  parent.children[#parent.children + 1] = { kind = kind, name = name, f = f }
end

local function describe(name, f)
  local b = block(name)
  local parent = stack[#stack]
  parent.children[#parent.children + 1] = { kind = "describe", block = b }
  stack[#stack + 1] = b
  f()
  stack[#stack] = nil
end

local finallies
local env = {
  describe = describe, context = describe,
  it = function(name, f) add("it", name, f) end,
  test = function(name, f) add("it", name, f) end,
  pending = function(name) add("pending", name) end,
  before_each = function(f) table.insert(stack[#stack].before, f) end,
  after_each = function(f) table.insert(stack[#stack].after, f) end,
  before = function(f) table.insert(stack[#stack].before, f) end,
  after = function(f) table.insert(stack[#stack].after, f) end,
  setup = function(f) table.insert(stack[#stack].setup, f) end,
  teardown = function(f) table.insert(stack[#stack].teardown, f) end,
  lazy_setup = function(f) table.insert(stack[#stack].setup, f) end,
  lazy_teardown = function(f) table.insert(stack[#stack].teardown, f) end,
  finally = function(f) finallies[#finallies + 1] = f end,
  spy = spy, stub = stub, mock = function(t) return t end,
}
-- telescope's assertions: assert_true(v), assert_equal(a, b), assert_error(f), assert_type(v, t) ...
local telescope = {
  assert_true = function(v) checks["true"](false, v) end,
  assert_false = function(v) checks["false"](false, v) end,
  assert_nil = function(v) checks["nil"](false, v) end,
  assert_not_nil = function(v) checks["nil"](true, v) end,
  assert_equal = function(a, b) checks.equal(false, a, b) end,
  assert_not_equal = function(a, b) checks.equal(true, a, b) end,
  assert_error = function(f) checks.error(false, f) end,
  assert_not_error = function(f) checks.error(true, f) end,
  assert_type = function(v, t) if type(v) ~= t then fail("expected a " .. t .. ", got " .. fmt(v), 3) end end,
}

local function each(list, depth)
  for _, f in ipairs(list) do f() end
end

local function run_block(b, path, befores, afters)
  local ok, err = pcall(each, b.setup)
  if not ok then
    failed = failed + 1
    print("[fail] " .. path .. " (setup): " .. tostring(err))
    return
  end
  local bs = { table.unpack(befores) }
  for _, f in ipairs(b.before) do bs[#bs + 1] = f end
  local as = { table.unpack(b.after) }
  for _, f in ipairs(afters) do as[#as + 1] = f end
  for _, child in ipairs(b.children) do
    if child.kind == "describe" then
      run_block(child.block, path .. " " .. child.block.name, bs, as)
    elseif child.kind == "pending" then
      skipped = skipped + 1
    else
      finallies = {}
      local ok2, err2 = pcall(function()
        each(bs)
        child.f()
      end)
      for _, f in ipairs(finallies) do pcall(f) end
      local ok3, err3 = pcall(each, as)
      if ok2 and ok3 then
        passed = passed + 1
      else
        failed = failed + 1
        print("[fail] " .. path .. " " .. child.name .. ": " .. tostring(ok2 and err3 or err2))
      end
    end
  end
  pcall(each, b.teardown)
end

-- Makes the globals a spec file expects, and the modules busted's suites require.
local function install()
  for k, v in pairs(env) do _G[k] = v end
  for k, v in pairs(telescope) do _G[k] = v end
  _G.assert = luassert
  env.assert = luassert
  package.preload["busted"] = function() return env end
  package.preload["say"] = function() return say end
  package.preload["luassert"] = function() return luassert end
  package.preload["luassert.match"] = function() return { _ = wildcard } end
  package.preload["luassert.spy"] = function() return spy end
  package.preload["luassert.stub"] = function() return stub end
  package.preload["luacov"] = function() return true end  -- coverage: nothing to measure here
end

-- Runs each spec file (a path relative to the folder) in turn; returns passed, failed, skipped.
function runner.run(files, load_file)
  install()
  for _, file in ipairs(files) do
    root = block(file)
    stack = { root }
    local ok, err = pcall(function() assert(load_file(file))() end)
    if not ok then
      failed = failed + 1
      print("[fail] " .. file .. " (loading): " .. tostring(err))
    else
      run_block(root, file, {}, {})
    end
  end
  print(string.format("%d passed, %d failed, %d pending", passed, failed, skipped))
  return passed, failed, skipped
end

return runner
