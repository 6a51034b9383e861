-- cases.lua: EduJam's ej.find/match/gmatch/gsub against string.* of the same Lua 5.4.
-- Run by differential.c, which provides the global `ej`. Returns the number of failures.
--
-- Part 1 is a hand-written corpus covering every feature and every error message,
-- part 2 a few thousand random patterns and subjects from a fixed seed, part 3
-- proves that runaway matches reach edujam_check_interrupt and are stopped.

local passed, failed = 0, 0
local MAX_SHOWN = 25

---------------------------------------------------------------------------
-- Comparing results
---------------------------------------------------------------------------

local function show(v)
  if type(v) == "string" then return (string.format("%q", v):gsub("\n", "n")) end
  if math.type(v) then return math.type(v) .. ":" .. tostring(v) end
  return tostring(v)
end

-- The called function's name differs ('string.find' against '?'); nothing else may.
local function normalize_error(e)
  if type(e) ~= "string" then return e end
  return (e:gsub("^(bad argument #%d+ to )'[^']*'", "%1'?'"))
end

local function render_call(ok, ...)
  local parts = { ok and "ok" or "error" }
  for i = 1, select("#", ...) do
    local v = select(i, ...)
    if not ok then v = normalize_error(v) end
    parts[#parts + 1] = show(v)
  end
  return table.concat(parts, " ")
end

local function describe(args)
  local parts = {}
  for i = 1, args.n do parts[i] = show(args[i]) end
  return table.concat(parts, ", ")
end

local function record(label, args, expected, got)
  if expected == got then
    passed = passed + 1
    return
  end
  failed = failed + 1
  if failed <= MAX_SHOWN then
    print(("MISMATCH %s(%s)\n  string: %s\n  ej:     %s"):format(label, describe(args), expected, got))
  end
end

---------------------------------------------------------------------------
-- Running one case on both libraries
---------------------------------------------------------------------------

local function run_plain(lib, name, args)
  return render_call(pcall(lib[name], table.unpack(args, 1, args.n)))
end

-- All results of a gmatch loop, error included. Bounded, although gmatch always ends.
local function run_gmatch(lib, args)
  local out = {}
  local ok, err = pcall(function()
    local it = lib.gmatch(table.unpack(args, 1, args.n))
    for _ = 1, 500 do
      local r = table.pack(it())
      out[#out + 1] = render_call(true, table.unpack(r, 1, r.n))
      if r[1] == nil then return end
    end
  end)
  if not ok then out[#out + 1] = render_call(false, err) end
  return table.concat(out, " ; ")
end

-- Replacement functions log their arguments, so the calls are compared too.
local function make_repl_function(mode, log)
  local calls = 0
  return function(...)
    calls = calls + 1
    log[#log + 1] = render_call(true, ...)
    if mode == "cat" then
      local t = {}
      for i = 1, select("#", ...) do t[i] = tostring((select(i, ...))) end
      return "<" .. table.concat(t, "|") .. ">"
    elseif mode == "nil" then return nil
    elseif mode == "false" then return false
    elseif mode == "number" then return calls * 1.5
    elseif mode == "alternate" then
      if calls % 2 == 0 then return nil end
      return "#" .. calls
    elseif mode == "table" then return {}
    elseif mode == "error" then error("repl failed " .. calls)
    end
  end
end

local REPL_TABLE = {
  a = "[A]", b = false, ab = "AB", ["("] = 7, [1] = "pos1", [2] = 2.5,
  x = true, ["()"] = "parens",
}

local function run_gsub(lib, args)
  local log = {}
  local a = table.pack(table.unpack(args, 1, args.n))
  if type(a[3]) == "table" and a[3].fn then a[3] = make_repl_function(a[3].fn, log) end
  local result = render_call(pcall(lib.gsub, table.unpack(a, 1, a.n)))
  return result .. " / calls: " .. table.concat(log, " ; ")
end

local function check(name, ...)
  local args = table.pack(...)
  local expected, got
  if name == "gmatch" then
    expected, got = run_gmatch(string, args), run_gmatch(ej, args)
  elseif name == "gsub" then
    expected, got = run_gsub(string, args), run_gsub(ej, args)
  else
    expected, got = run_plain(string, name, args), run_plain(ej, name, args)
  end
  record(name, args, expected, got)
end

local FN = function(mode) return { fn = mode } end

-- Every function, several starts, several replacements, for one subject and pattern.
local function check_all(s, p)
  local inits = { nil, 1, 2, 0, -1, -2, #s, #s + 1, #s + 2, -#s, -#s - 1, 100, -100 }
  for i = 1, 13 do
    local init = inits[i]
    if i == 1 then
      check("find", s, p); check("match", s, p); check("gmatch", s, p)
    else
      check("find", s, p, init); check("match", s, p, init); check("gmatch", s, p, init)
    end
  end
  check("find", s, p, 1, true)
  check("find", s, p, 2, 1)
  check("find", s, p, nil, false)
  check("gsub", s, p, "<%0>")
  check("gsub", s, p, "[%1]")
  check("gsub", s, p, "%%x%2", 3)
  check("gsub", s, p, FN("cat"))
  check("gsub", s, p, FN("alternate"), 2)
  check("gsub", s, p, REPL_TABLE)
end

---------------------------------------------------------------------------
-- Part 1: the hand-written corpus
---------------------------------------------------------------------------

local corpus = {
  -- literals, dot, anchors
  { "hello world", "o" }, { "hello world", "o w" }, { "hello", "" }, { "", "" }, { "", "a" },
  { "hello", "l+" }, { "hello", "^h" }, { "hello", "^e" }, { "hello", "o$" }, { "hello", "l$" },
  { "a$b", "$b" }, { "a$b", "a$" }, { "a^b", "a^b" }, { "^^", "^^" }, { "hello", "^" },
  { "hello", "$" }, { "hello", "^$" }, { "", "^$" }, { "a.b", "." }, { "a.b", "%." },
  { "abc", "a.c" }, { "a\0b\0c", "\0" }, { "a\0b\0c", "%z" }, { "a\0b", "[\0]" },
  { "a\0b", "b\0" }, { "x\0y", ".%z." }, { "a]b", "]" }, { "a)b", ")" }, { "a)b", "a)" },
  -- classes and complements
  { "Hello World 42!\t\n", "%a+" }, { "Hello World 42!", "%A+" }, { "a\1b\127", "%c" },
  { "a\1b\127", "%C+" }, { "x 42 y", "%d+" }, { "x 42 y", "%D+" }, { "a b\tc", "%g+" },
  { "a b\tc", "%G+" }, { "aBcD", "%l+" }, { "aBcD", "%L+" }, { "a,b.c!d", "%p" },
  { "a,b.c!d", "%P+" }, { "a b\t\nc\v\f\r", "%s+" }, { "a b", "%S+" }, { "aBcD", "%u" },
  { "aBcD", "%U+" }, { "foo_bar 9", "%w+" }, { "foo_bar 9", "%W" }, { "0x1F zz", "%x+" },
  { "0x1F zz", "%X+" }, { "%a", "%%a" }, { "100%", "%d+%%" }, { "a-b", "%-" },
  { "q", "%q" }, { "Z", "%Z" }, { "\200\255", "%a" }, { "\200\255", "[\128-\255]+" },
  -- sets
  { "hello", "[aeiou]" }, { "hello", "[^aeiou]+" }, { "a-z", "[a-]" }, { "a-z", "[-a]+" },
  { "abc]", "[]]" }, { "abc]", "[^]]+" }, { "a]b", "[]a]+" }, { "x-y", "[%a-]+" },
  { "a1_B", "[%w_]+" }, { "a1_B", "[%d%u]+" }, { "[x]", "[%[%]]" }, { "a^b", "[%^]" },
  { "a^b", "[b^]" }, { "abcxyz", "[a-cx-z]+" }, { "abcdef", "[c-a]" }, { "]-a", "[]-a]+" },
  { "%", "[%%]" }, { "a%b", "[%a%%]+" }, { "-", "[a%-z]" }, { "b", "[a%-z]" }, { "az", "[^%a]" },
  { "aZ", "[%A]" }, { "abc", "[a" }, { "abc", "[a%" }, { "abc", "[]" }, { "abc", "[^]" },
  { "abc", "x[" }, { "abc", "[" }, { "abc", "[^" }, { "abc", "[%]" }, { "a]", "[a]]" },
  -- quantifiers
  { "aaab", "a*" }, { "aaab", "a*b" }, { "aaab", "a-b" }, { "aaab", "a-" }, { "aaab", "a+" },
  { "aaab", "a?b" }, { "b", "a?b" }, { "aaab", "a?a?a?a?b" }, { "<<a>>", "<(.-)>" },
  { "<<a>>", "<(.*)>" }, { "abc", "a**" }, { "a*", "a**" }, { "abc", "*" }, { "+a", "+a" },
  { "?", "?" }, { "a-b", "-" }, { "abc", ".-" }, { "abc", ".-$" }, { "abc", ".*" },
  { "abc", "x*" }, { "abc", "x-" }, { "abc", "x?" }, { "abc", "x+" }, { "aaa", "a-a" },
  { "  trim  ", "^%s*(.-)%s*$" }, { "key = value", "(%w+)%s*=%s*(%w+)" },
  -- captures
  { "hello world", "(h)(e)(l)" }, { "hello", "()ll()" }, { "hello", "()" }, { "", "()" },
  { "hello", "(l)(l)" }, { "hello", "((l)(l))" }, { "hello", "(h(e(l)))" }, { "hello", "(" },
  { "hello", ")" }, { "hello", "h)" }, { "hello", "(h" }, { "hello", "(h))" }, { "hello", "(()" },
  { "hello", "x(" }, { "abc", "(a)()(b)" }, { "abc", "a()" }, { "abc", "()$" },
  { "aaa", ("(a)"):rep(3) }, { ("a"):rep(40), ("(a)"):rep(32) }, { ("a"):rep(40), ("(a)"):rep(33) },
  { "a", ("()"):rep(32) }, { "a", ("()"):rep(33) }, { "abc", ("(x)"):rep(33) },
  -- back-references
  { "hello", "(l)%1" }, { "abab", "(ab)%1" }, { "abcabc", "(a(b)c)%1%2" }, { "xyz", "%1" },
  { "xyz", "(x%1)" }, { "xyz", "(x)%2" }, { "xyz", "%0" }, { "xyzz", "(z)%1" },
  { "aa", "()a%1" }, { "aa", "(a)()%2" }, { "abc", "(a)%9" }, { "\"quoted\" 'x'", "([\"'])(.-)%1" },
  -- balanced
  { "f(a(b)c) d", "%b()" }, { "((x)", "%b()" }, { "a[b]c", "%b[]" }, { "aXbYc", "%bXY" },
  { "abc", "%b" }, { "abc", "%ba" }, { "abba", "%baa" }, { "aaa", "%baa" }, { ")(", "%b()" },
  { "if x then y end", "%bie" }, { "<<>>", "%b<>%b<>" }, { "", "%b()" }, { "x(", "%b(" },
  -- frontier
  { "THE (quick) fox", "%f[%a]%a+" }, { "THE (quick) fox", "%f[%A]" }, { "hello", "%f[%l]" },
  { "hello", "%f[%z]" }, { "hello", "%f[^%z]" }, { "ab", "%f[a]" }, { "abc", "%f" },
  { "abc", "%fa" }, { "abc", "%f[a" }, { "the cat", "%f[%w]%w+%f[%W]" }, { "aa\0b", "%f[%z]." },
  { "", "%f[%z]" }, { "", "%f[^%z]" }, { "x", "%f[x]$" },
  -- malformed patterns and other errors
  { "abc", "%" }, { "abc", "a%" }, { "abc", "x%" }, { "abc", "(%" }, { "abc", "[%a" },
  { "abc", "((a)" }, { "abc", "a)" }, { "abc", "%g%" }, { "a", "a%b" }, { "a", "%f[" },
}

for _, c in ipairs(corpus) do check_all(c[1], c[2]) end

-- find: plain search, the plain flag, starts beyond the end
check("find", "a.b", ".", 1, true); check("find", "a+b", "+", 1, true)
check("find", "a(b", "(", 1, true); check("find", "abc", "", 10, true)
check("find", "abc", "", 4, true); check("find", "abc", "abcd", 1, true)
check("find", "aXbXc", "X", -2, true); check("find", "abc", "%", 1, "yes")
check("find", "abc", "[", 1, {}); check("find", "abc", "c", 1, false)
check("find", "abcabc", "bc", 3); check("find", "abcabc", "bc", -3)
check("find", "a\0b", "\0b", 1, true); check("find", ("x"):rep(200) .. "y", ("x"):rep(50) .. "y")

-- argument checking
check("find"); check("find", nil, "a"); check("find", "a"); check("find", {}, "a")
check("find", "a", {}); check("find", 123, 2); check("find", 12.5, "%."); check("find", "a", "a", "x")
check("find", "a", "a", 1.5); check("find", "abc", "c", "2"); check("find", "abc", "c", 2.0)
check("find", "abc", "c", math.maxinteger); check("find", "abc", "c", math.mininteger)
check("match"); check("match", "a"); check("match", nil, "a"); check("match", "a", "a", {})
check("match", 2^53, "%d+"); check("match", "a", true)
check("gmatch"); check("gmatch", "a"); check("gmatch", "a", "a", {}); check("gmatch", "a", "a", 1.5)
check("gmatch", 1234, "%d"); check("gmatch", "abc", "", math.maxinteger)
check("gmatch", "abc", ".", math.mininteger)
check("gsub"); check("gsub", "a"); check("gsub", "a", "a"); check("gsub", "a", "a", true)
check("gsub", "a", "a", nil, "x"); check("gsub", "a", "a", "b", "x"); check("gsub", "a", "a", "b", 1.5)
check("gsub", "a", "a", "b", "1"); check("gsub", "a", "a", "b", 2.0); check("gsub", {}, "a", "b")
check("gsub", 123, "x", "y"); check("gsub", 123, "2", "y"); check("gsub", 123, "2", 9)

-- gmatch: anchors are literal, empty matches, starts
check("gmatch", "^a^a", "^a"); check("gmatch", "aaa", "^a"); check("gmatch", "hello world", "%a*")
check("gmatch", "abc", ""); check("gmatch", "abc", "()"); check("gmatch", "a,b,,c", "([^,]*)")
check("gmatch", "k1=v1, k2=v2", "(%w+)=(%w+)"); check("gmatch", "abc", "(")

-- gsub: templates, counts, anchors, tables, functions
local subj = "hello world from lua"
check("gsub", subj, "o", "0"); check("gsub", subj, "(o)", "%1%1"); check("gsub", subj, "%w+", "%0 %0")
check("gsub", subj, "(%w+) (%w+)", "%2 %1"); check("gsub", subj, "%w+", "%%"); check("gsub", subj, "%w+", "%")
check("gsub", subj, "%w+", "x%"); check("gsub", subj, "%w+", "%x"); check("gsub", subj, "%w+", "%2")
check("gsub", subj, "(%w+)", "%2"); check("gsub", subj, "%w+", "%1"); check("gsub", subj, "()o", "%1")
check("gsub", subj, "o", 5); check("gsub", subj, "o", 2.5); check("gsub", subj, "(o", "x")
check("gsub", subj, "(o", "%1"); check("gsub", subj, "(o", "%0"); check("gsub", subj, "o", "%0\0%0")
check("gsub", subj, "o", "x", 0); check("gsub", subj, "o", "x", -1); check("gsub", subj, "o", "x", 1)
check("gsub", subj, "o", "x", 2); check("gsub", subj, "o", "x", math.maxinteger)
check("gsub", subj, "^h", "H"); check("gsub", subj, "^o", "0"); check("gsub", subj, "^", ">")
check("gsub", subj, "$", "<"); check("gsub", subj, "", "-"); check("gsub", subj, "%w*", "x")
check("gsub", subj, "^%w*", "x"); check("gsub", "abc", "b*", "-"); check("gsub", "abc", "x*", "-")
check("gsub", "", "", "x"); check("gsub", "", "x*", "y"); check("gsub", "abc", ".-", "-")
check("gsub", "$x$", "%$", "S"); check("gsub", "a.b.c", "%.", "%%")
for _, mode in ipairs({ "cat", "nil", "false", "number", "alternate", "table", "error" }) do
  check("gsub", subj, "(%w+)", FN(mode)); check("gsub", subj, "%w+", FN(mode))
  check("gsub", subj, "()(o)()", FN(mode)); check("gsub", subj, "x", FN(mode))
  check("gsub", subj, "", FN(mode), 3)
end
check("gsub", "a b ab ( () x", "%S+", REPL_TABLE); check("gsub", "a b ab ( () x", "%(%)", REPL_TABLE)
check("gsub", "abc", "()", REPL_TABLE); check("gsub", "abc", "(", REPL_TABLE)
check("gsub", "x", "x", REPL_TABLE); check("gsub", "abc", "%w", setmetatable({}, {
  __index = function(_, k) return k:upper() end }))
check("gsub", "abc", "%w", setmetatable({}, { __index = function(_, k) return k == "b" and {} end }))

-- nesting depth: Lua 5.4 allows 200 nested matches, then "pattern too complex"
for k = 190, 210 do
  local a = ("a"):rep(k)
  check("find", a, ("a?"):rep(k)); check("find", a, ("a*"):rep(k)); check("find", a, ("a-"):rep(k))
  check("find", ("ab"):rep(k), ("a+b"):rep(k)); check("match", a, ("x?"):rep(k) .. "a")
  check("match", a, ("()a?"):rep(k // 2)); check("find", a, ("%f[a]a?"):rep(k))
  check("gsub", a, ("a?"):rep(k // 2), "x"); check("gmatch", a, ("a?"):rep(k // 2))
  check("find", a, ("(a?"):rep(20) .. ("a?"):rep(k - 40) .. (")"):rep(20))
end

local corpus_cases = passed + failed
print(("hand-written corpus: %d cases"):format(corpus_cases))

---------------------------------------------------------------------------
-- Part 2: random patterns and subjects from a fixed seed
---------------------------------------------------------------------------

math.randomseed(20240605)

local SUBJECT_BYTES = "aabb()[]%^$.-*+? 1A_\0"
local RAW_BYTES = "ab()%[]^$.-*+?fb1"
local ATOMS = {
  "a", "b", "a", "b", ".", "%a", "%d", "%s", "%w", "%p", "%A", "%x", "%u", "%l", "%c", "%g",
  "%%", "%.", "%(", "%)", "%[", "%-", "%z", "[ab]", "[^a]", "[a-c]", "[%a_]", "[]a]", "[^]]",
  "[a-]", "[%]]", "[%p%s]", "(", "(", ")", ")", "()", "%b()", "%bab", "%f[%a]", "%f[ab]",
  "%f[^a]", "%1", "%2", "%0", "$", "^", "\0", "[", "%",
}
local QUANTIFIERS = { "", "", "", "*", "+", "-", "?" }
local TEMPLATES = { "x", "%0", "<%1>", "%2%1", "%%", "%", "a%b", "", "%9", "[%0|%1]" }
local REPLS = { FN("cat"), FN("nil"), FN("alternate"), REPL_TABLE, 7 }

local function random_subject()
  local t = {}
  for i = 1, math.random(0, 10) do
    local k = math.random(#SUBJECT_BYTES)
    t[i] = SUBJECT_BYTES:sub(k, k)
  end
  return table.concat(t)
end

local function random_pattern()
  local t = {}
  if math.random(4) == 1 then      -- raw bytes: mostly malformed
    for i = 1, math.random(0, 7) do
      local k = math.random(#RAW_BYTES)
      t[i] = RAW_BYTES:sub(k, k)
    end
    return table.concat(t)
  end
  if math.random(5) == 1 then t[#t + 1] = "^" end
  for _ = 1, math.random(0, 6) do
    t[#t + 1] = ATOMS[math.random(#ATOMS)] .. QUANTIFIERS[math.random(#QUANTIFIERS)]
  end
  if math.random(5) == 1 then t[#t + 1] = "$" end
  return table.concat(t)
end

local RANDOM_ROUNDS = 3000
for _ = 1, RANDOM_ROUNDS do
  local s, p = random_subject(), random_pattern()
  local init = math.random(-12, 12)
  check("find", s, p); check("find", s, p, init); check("find", s, p, init, math.random(2) == 1)
  check("match", s, p); check("match", s, p, init)
  check("gmatch", s, p); check("gmatch", s, p, init)
  check("gsub", s, p, TEMPLATES[math.random(#TEMPLATES)])
  check("gsub", s, p, REPLS[math.random(#REPLS)], math.random(-1, 4))
end

-- Well-formed patterns over a tiny alphabet, so that most of them match something.
local FRIENDLY_ATOMS = { "a", "b", "a", ".", "%a", "[ab]", "[^a]", "%(", "%)", "%b()", "%f[a]", "%f[^a]" }

local function friendly_subject()
  local t = {}
  for i = 1, math.random(0, 12) do
    local k = math.random(6)
    t[i] = ("aab()b"):sub(k, k)
  end
  return table.concat(t)
end

local function friendly_pattern(depth, ncaptures)
  local t = {}
  for _ = 1, math.random(1, 4) do
    local r = math.random(20)
    if r <= 3 and depth < 2 then
      ncaptures = ncaptures + 1
      local inner
      inner, ncaptures = friendly_pattern(depth + 1, ncaptures)
      t[#t + 1] = "(" .. inner .. ")"
    elseif r == 4 then
      ncaptures = ncaptures + 1
      t[#t + 1] = "()"
    elseif r == 5 and ncaptures > 0 then
      t[#t + 1] = "%" .. math.random(ncaptures)
    else
      t[#t + 1] = FRIENDLY_ATOMS[math.random(#FRIENDLY_ATOMS)] .. QUANTIFIERS[math.random(#QUANTIFIERS)]
    end
  end
  return table.concat(t), ncaptures
end

local FRIENDLY_ROUNDS = 2000
for _ = 1, FRIENDLY_ROUNDS do
  local s = friendly_subject()
  local p = friendly_pattern(0, 0)
  if math.random(6) == 1 then p = "^" .. p end
  if math.random(6) == 1 then p = p .. "$" end
  check("find", s, p); check("find", s, p, math.random(-8, 8))
  check("match", s, p); check("gmatch", s, p); check("gmatch", s, p, math.random(-8, 8))
  check("gsub", s, p, TEMPLATES[math.random(#TEMPLATES)])
  check("gsub", s, p, REPLS[math.random(#REPLS)], math.random(-1, 4))
end

print(("random: %d cases from %d + %d patterns"):format(passed + failed - corpus_cases,
  RANDOM_ROUNDS, FRIENDLY_ROUNDS))

---------------------------------------------------------------------------
-- Part 3: runaway matches reach edujam_check_interrupt and stop
---------------------------------------------------------------------------

local STEPS_PER_CHECK = 4096       -- patterns.c's PM_STEPS_PER_CHECK

local function expect_interrupt(label, limit_seconds, f, ...)
  local before = ej.interrupts()
  local t0 = ej.now()
  local ok, err = pcall(f, ...)
  local elapsed = ej.now() - t0
  ej.arm_calls(0); ej.arm_deadline(0)
  local checks = ej.interrupts() - before
  local good = not ok and type(err) == "string" and err:find(ej.interrupt_message, 1, true)
      and elapsed < limit_seconds
  print(("interrupt %-44s %s after %.4f s, %d checks"):format(label,
    good and "stopped" or "NOT STOPPED", elapsed, checks))
  if good then passed = passed + 1 else
    failed = failed + 1
    print("  got: " .. render_call(ok, err))
  end
end

local a5000 = ("a"):rep(5000)
-- About 1e6 steps, then the test double raises.
ej.arm_calls(1000000 // STEPS_PER_CHECK)
expect_interrupt("find(a*5000, '.-.-.-.-b') at ~1e6 steps", 1.0, ej.find, a5000, ".-.-.-.-b")
-- A 50 ms deadline, as the sandbox would have.
local function with_deadline(label, f, ...)
  ej.arm_deadline(0.05)
  expect_interrupt(label .. " at 50 ms", 0.25, f, ...)
end
with_deadline("find(a*5000, '.-.-.-.-b')", ej.find, a5000, ".-.-.-.-b")
with_deadline("match(a*5000, '(.-)(.-)(.-)b')", ej.match, a5000, "(.-)(.-)(.-)b")
with_deadline("gsub(a*3000, '.-.-.-b', 'x')", ej.gsub, ("a"):rep(3000), ".-.-.-b", "x")
with_deadline("gsub(a*3000, '.-.-.-b', fn)", ej.gsub, ("a"):rep(3000), ".-.-.-b", print)
with_deadline("gmatch(a*3000, '.-.-.-b')", function(s, p)
  for _ in ej.gmatch(s, p) do end
end, ("a"):rep(3000), ".-.-.-b")
with_deadline("find('('*200000, '%b()')", ej.find, ("("):rep(200000), "%b()")
with_deadline("find(a*200000, '(a*)%1b')", ej.find, ("a"):rep(200000), "(a*)%1b")
local long, needle = ("a"):rep(4000000), ("a"):rep(200000) .. "b"
with_deadline("find(a*4e6, a*2e5..'b', 1, true)", ej.find, long, needle, 1, true)
with_deadline("find(a*4e6, a*2e5..'b') (no specials)", ej.find, long, needle)

-- And ordinary work is not disturbed: the same answers, with checks along the way.
do
  local before = ej.interrupts()
  check("find", ("a"):rep(20000), "a-b"); check("find", long, "b", 1, true)
  check("gsub", ("ab"):rep(5000), "b", "c")
  local checks = ej.interrupts() - before
  if checks > 0 then passed = passed + 1 else
    failed = failed + 1
    print("no interrupt checks during long ordinary calls")
  end
end

print(("%d passed, %d failed"):format(passed, failed))
return failed
