-- run.lua: what real Lua libraries need from the sandbox, as tests of libraries written
-- here (json, class, inspect, strict, functional, semver, fsm, utf8util, i18n, serial,
-- cache), and finalizers, string.dump and files a game writes. `make test-differential` runs it under stock lua5.4 (from this folder, with
-- LUA_PATH="./?.lua;./?/init.lua") and as a game (game.lua) in the sandbox, and compares
-- the two outputs line by line: they must be identical.
local h = require "spec/helpers"
local describe, equal, error_of = h.describe, h.equal, h.error_of

describe("feature tests of the environment", function()
  equal("os.clock is a function", type(os and os.clock or nil), "function")
  equal("os.time is an integer", math.type(os.time()), "integer")
  equal("os.date of a time", os.date("!%Y-%m-%d %H:%M:%S", 86400 * 365), "1971-01-01 00:00:00")
  equal("os.date *t", os.date("!*t", 0).year, 1970)
  equal("os.difftime", os.difftime(10, 4), 6.0)
  equal("os.time of a table", math.type(os.time({ year = 2020, month = 2, day = 29, hour = 12 })), "integer")
  equal("os.date bad conversion", error_of(os.date, "%Ez"), "bad argument #1 to 'os.date' (invalid conversion specifier '%Ez')")
  equal("os.time missing field", error_of(os.time, { year = 2020 }), "field 'month' missing in date table")
  local getmt = debug and debug.getmetatable or getmetatable
  equal("string metatable through the feature test", getmt("").__index, string)
  equal("package.config separator", package.config:sub(1, 1), "/")
  equal("package.path has ./?.lua", package.path:find("./?.lua", 1, true) ~= nil, true)
  equal("package.loaded._G", package.loaded._G, _G)
  equal("package.loaded.string", package.loaded.string, string)
  equal("logger at load time", type(io and io.write or print), "function")
end)

describe("require", function()
  local m, file = require("i18n")
  equal("init.lua found", type(m), "table")
  equal("second result is the file", file, "./i18n/init.lua")
  local again = table.pack(require("i18n"))
  equal("cached: one result", again.n, 1)
  equal("cached: same module", again[1], m)
  local plural = require("i18n.plural")
  equal("module gets its name", plural.loaded_as, "i18n.plural")
  equal("module gets its file", plural.loaded_from, "./i18n/plural.lua")
  equal("package.loaded holds it", package.loaded["i18n.plural"], plural)
  equal("require('string')", require("string"), string)
  equal("require('table')", require("table"), table)
  equal("require('math')", require("math"), math)
  equal("require('utf8')", require("utf8"), utf8)
  equal("require('coroutine')", require("coroutine"), coroutine)
  equal("require('spec/helpers')", require("spec/helpers"), h)
  package.loaded.virtual = { answer = 42 }
  equal("a module set in package.loaded", require("virtual").answer, 42)
  package.preload.bundled = function(name, data) return { name = name, data = data } end
  local bundled, data = require("bundled")
  equal("package.preload: name", bundled.name, "bundled")
  equal("package.preload: loader data", data, ":preload:")
  equal("package.preload: data to the loader", bundled.data, ":preload:")
  equal("require of a number", error_of(require, {}), "bad argument #1 to 'require' (string expected, got table)")
end)

describe("json round trip", function()
  local json = require("json")
  local doc = { name = "Ana", scores = { 10, 9.5, 7 }, tags = {}, nested = { ok = true, none = json.null }, text = "tab\tquote\"é" }
  local text = json.encode(doc)
  equal("encode", text, '{"name":"Ana","nested":{"none":null,"ok":true},"scores":[10,9.5,7],"tags":[],"text":"tab\\tquote\\"é"}')
  local back = json.decode(text)
  equal("decode name", back.name, "Ana")
  equal("decode float", back.scores[2], 9.5)
  equal("decode integer", math.type(back.scores[1]), "integer")
  equal("decode text", back.text, doc.text)
  equal("round trip", json.encode(back), text)
  equal("unicode escape", json.decode('"caf\\u00e9 \\u20ac"'), "café €")
  equal("bad input", error_of(json.decode, '{"a": [1, 2,}'), "unexpected character '}' at line 1 col 13")
  equal("trailing", error_of(json.decode, "[1] x"), "trailing garbage at line 1 col 5")
  local cycle = {}
  cycle.self = cycle
  equal("cycle", error_of(json.encode, cycle), "circular reference")
  equal("nan", error_of(json.encode, 0 / 0):match("^unexpected number value"), "unexpected number value")
  equal("function", error_of(json.encode, print), "unexpected type 'function'")
end)

describe("class library", function()
  local class = require("class")
  local Animal = class("Animal")
  function Animal:initialize(name, sound) self.name, self.sound = name, sound end
  function Animal:speak() return self.name .. " says " .. self.sound end
  Animal.__eq = function(a, b) return a.name == b.name end
  Animal.__lt = function(a, b) return a.name < b.name end
  local Dog = class("Dog", Animal)
  function Dog:initialize(name) Animal.initialize(self, name, "woof") end
  function Dog:fetch() return self.name .. " fetches" end
  local Puppy = Dog:subclass("Puppy")
  function Puppy:speak() return Dog.speak(self) .. " (tiny)" end
  local rex, bit = Dog("Rex"), Puppy:new("Bit")
  equal("method through one __index", rex:speak(), "Rex says woof")
  equal("method through two __index", bit:fetch(), "Bit fetches")
  equal("override calls super", bit:speak(), "Bit says woof (tiny)")
  equal("tostring instance", tostring(rex), "instance of class Dog")
  equal("tostring class", tostring(Puppy), "class Puppy")
  equal("inherited __eq", Dog("Rex") == rex, true)
  equal("inherited __lt", bit < rex, true)
  equal("isInstanceOf", bit:isInstanceOf(Animal), true)
  equal("not instance", rex:isInstanceOf(Puppy), false)
  equal("isSubclassOf", Puppy:isSubclassOf(Animal), true)
  local Swims = { swim = function(self) return self.name .. " swims" end, included = function(k) k.swimmer = true end }
  Dog:include(Swims)
  equal("mixin reaches subclasses", bit:swim(), "Bit swims")
  equal("mixin included hook", Dog.swimmer, true)
  function Animal:describe() return "an animal named " .. self.name end
  equal("method added later propagates", bit:describe(), "an animal named Bit")
  equal("missing method", error_of(function() return rex:fly() end), "attempt to call a nil value (method 'fly')")
end)

describe("inspect", function()
  local inspect = require("inspect")
  local t = { 1, 2, "three", name = "x", [10] = true, nested = { a = { b = {} } } }
  t.nested.parent = t
  setmetatable(t.nested, { __index = { hidden = 1 } })
  equal("a table", inspect(t), '<1>{ 1, 2, "three",\n  [10] = true,\n  name = "x",\n  nested = {\n    a = {\n      b = {}\n    },\n    parent = <table 1>,\n    <metatable> = {\n      __index = {\n        hidden = 1\n      }\n    }\n  }\n}')
  equal("depth", inspect({ a = { b = { c = 1 } } }, { depth = 1, newline = " ", indent = "" }), "{ a = {...} }")
  equal("functions by order", inspect({ print, print, math.max }, { newline = " ", indent = "" }), "{ <function 1>, <function 1>, <function 2> }")
  equal("strings quoted", inspect("a\nb\0"), '"a\\nb\\0"')
end)

describe("strict mode on _G", function()
  local strict = require("strict")
  equal("on", strict.is_on(), true)
  equal("read undeclared", error_of(function() return undeclared_thing end), "variable 'undeclared_thing' is not declared")
  equal("write undeclared", error_of(function() undeclared_thing = 1 end), "assign to undeclared variable 'undeclared_thing'")
  strict.declare("counter")
  counter = 5
  equal("declared global", counter, 5)
  strict.global("other", "x")
  equal("global through rawset", other, "x")
  strict.off()
  equal("off", strict.is_on(), false)
  equal("read after off", undeclared_thing, nil)
  counter, other = nil, nil
end)

describe("string methods added to the string metatable", function()
  local index = getmetatable("").__index
  index.shout = function(s) return s:upper() .. "!" end
  getmetatable("").__add = function(a, b) return tonumber(a) + tonumber(b) end
  equal("new method", ("hey"):shout(), "HEY!")
  equal("arithmetic on strings", "2" + "3", 5)
  index.shout = nil
  getmetatable("").__add = nil
end)

describe("functional utilities", function()
  local F = require("functional")
  equal("feature: clock", F.has_clock, true)
  equal("feature: separator", F.dir_separator, "/")
  equal("feature: string methods", F.string_methods, true)
  equal("map", table.concat(F.map({ 1, 2, 3 }, function(x) return x * x end), ","), "1,4,9")
  equal("filter", table.concat(F.filter(F.range(1, 10), function(x) return x % 3 == 0 end), ","), "3,6,9")
  equal("reduce", F.reduce(F.range(1, 100), function(a, b) return a + b end), 5050)
  equal("partial", F.partial(string.format, "%s-%s")("a", "b"), "a-b")
  local square, calls = F.memoize(function(x) return x * x end)
  square(4) square(4) square(5)
  equal("memoize", calls(), 2)
  equal("trim", F.trim("  hi there \n"), "hi there")
  equal("trim chars", F.trim("--x--", "-"), "x")
  equal("split plain", table.concat(F.split("a.b..c", "."), "|"), "a|b||c")
  equal("split words", #F.split("  one two   three "), 3)
  equal("format", F.format("{name} has {1} {missing}", { name = "Ana", "apples" }), "Ana has apples {missing}")
  equal("round", F.round(2.567, 0.01), 2.57)
  math.randomseed(42)
  local first = F.uuid()
  math.randomseed(42)
  equal("uuid replays after randomseed", F.uuid(), first)
  equal("uuid shape", first:match("^%x+%-%x+%-4%x+%-[89ab]%x+%-%x+$") ~= nil, true)
  equal("serialize", F.serialize({ 1, "two", x = { y = true } }), '{[1]=1,[2]="two",["x"]={["y"]=true}}')
  equal("deserialize", F.deserialize(F.serialize({ a = { 1, 2 } })).a[2], 2)
  equal("elapsed", F.elapsed(function() for _ = 1, 1000 do end end), true)
end)

describe("semver", function()
  local v = require("semver")
  local a, b = v("1.2.3"), v("1.10.0-beta.2+build.7")
  equal("tostring", tostring(b), "1.10.0-beta.2+build.7")
  equal("lt", a < b, true)
  equal("pre-release before release", v("1.0.0-alpha") < v("1.0.0"), true)
  equal("numeric pre-release", v("1.0.0-alpha.2") < v("1.0.0-alpha.10"), true)
  equal("eq ignores build", v("2.0.0+a") == v("2.0.0+b"), true)
  equal("le", v(1, 2, 3) <= a, true)
  equal("pessimistic", a ^ v("1.9.0"), true)
  equal("bump", tostring(a:nextMinor()), "1.3.0")
  local versions = { v("2.0.0"), v("0.9.1"), v("1.0.0-rc.1"), v("1.0.0") }
  table.sort(versions)
  local names = {}
  for i, x in ipairs(versions) do names[i] = tostring(x) end
  equal("sort", table.concat(names, " "), "0.9.1 1.0.0-rc.1 1.0.0 2.0.0")
  equal("bad version", error_of(v, "x.y"), "could not parse version 'x.y'")
end)

describe("state machine", function()
  local fsm = require("fsm")
  local log = {}
  local light = fsm.create({
    initial = "green",
    events = {
      { name = "warn", from = "green", to = "yellow" },
      { name = "stop", from = "yellow", to = "red" },
      { name = "go", from = { "red", "yellow" }, to = "green" },
      { name = "panic", from = "*", to = "red" },
    },
    callbacks = {
      onenterred = function(self, event, from, to, reason) log[#log + 1] = event .. ":" .. from .. ">" .. to .. ":" .. tostring(reason) end,
      onleaveyellow = function() return fsm.ASYNC end,
    },
  })
  equal("initial", light.current, "green")
  equal("can", light:can("stop"), false)
  light:warn()
  local ok, how = light:stop("late")
  equal("async leave", how, fsm.ASYNC)
  equal("pending", light.current, "yellow")
  equal("double transition", error_of(function() light:go() end), "previous transition still pending")
  equal("finish", light:transition(), true)
  equal("after", light.current, "red")
  equal("callback args", log[1], "stop:yellow>red:late")
  equal("wrong event", select(2, light:stop()), fsm.NO_TRANSITION)
  light:panic("fire")
  equal("wildcard", light:is("red"), true)
end)

describe("utf8 helper", function()
  local U = require("utf8util")
  local s = "héllo wörld ✓"
  equal("len", U.len(s), 13)
  equal("sub", U.sub(s, 2, 5), "éllo")
  equal("sub negative", U.sub(s, -5), "rld ✓")
  equal("reverse", U.reverse("añb"), "bña")
  equal("upper ascii only", U.upper_ascii(s), "HéLLO WöRLD ✓")
  equal("invalid", U.valid("\xff"), false)
  equal("codepoints", U.codepoints("é✓"), "U+00E9 U+2713")
end)

describe("i18n", function()
  local i18n = require("i18n")
  i18n.load({
    en = { greet = "Hello, %{name}!", apples = { one = "one apple", other = "%{count} apples" } },
    fr = { greet = "Bonjour, %{name} !", apples = { one = "%{count} pomme", other = "%{count} pommes" } },
    pl = { apples = { one = "jabłko", few = "%{count} jabłka", many = "%{count} jabłek" } },
  })
  equal("interpolate", i18n("greet", { name = "Ana" }), "Hello, Ana!")
  equal("plural one", i18n("apples", { count = 1 }), "one apple")
  equal("plural other", i18n("apples", { count = 3 }), "3 apples")
  i18n.setLocale("fr")
  equal("locale", i18n("greet", { name = "Zoé" }), "Bonjour, Zoé !")
  equal("french zero", i18n("apples", { count = 0 }), "0 pomme")
  equal("polish few", i18n("apples", { count = 23, locale = "pl" }), "23 jabłka")
  equal("polish many", i18n("apples", { count = 12, locale = "pl" }), "12 jabłek")
  equal("missing", i18n("nope", { default = "?" }), "?")
end)

describe("binary serializer", function()
  local serial = require("serial")
  local data = serial.serialize(1, 2.5, "text\0with nul", { 1, 2, k = { true, false } }, nil, -math.maxinteger)
  equal("size", #data, 92)
  local a, b, c, d, e, f = serial.deserialize(data)
  equal("integer", math.type(a), "integer")
  equal("float", b, 2.5)
  equal("string with nul", c, "text\0with nul")
  equal("nested", d.k[2], false)
  equal("nil kept", e, nil)
  equal("min", f, -math.maxinteger)
  equal("packsize", string.packsize("<i4d"), 12)
  equal("bad tag", error_of(serial.deserialize, "\1\0\9"), "unknown tag 9 at byte 3")
end)

describe("collectgarbage", function()
  local cache = require("cache")
  local function make(key) return { key = key } end
  local held = cache.get("a", make)
  cache.get("b", make)
  cache.get("c", make)
  equal("hit", cache.get("a", make), held)
  equal("flushed keeps what is held", cache.flush(), 1)
  equal("count is a number", math.type(collectgarbage("count")), "float")
  equal("isrunning", collectgarbage("isrunning"), true)
  equal("step returns a boolean", type(collectgarbage("step")), "boolean")
end)

describe("io, debug, a class with __gc, loadfile and dofile", function()
  io.write("io.write ", 1, " ", 2.5, "\n")
  io.stdout:write("io.stdout:write", "\n")
  equal("io.write returns the file", io.write("") == io.stdout, true)
  equal("io.type", io.type(io.stderr), "file")
  local function logger() local info = debug.getinfo(2, "Sl") return info.currentline, info.what end
  local line, what = logger()
  equal("debug.getinfo line", line, 286)
  equal("debug.getinfo what", what, "Lua")
  equal("debug.traceback", debug.traceback("here"):match("^here\nstack traceback:\n") ~= nil, true)
  local Class = { __index = {}, __gc = function() end, __tostring = function() return "instance" end }
  Class.__index.name = function() return "named" end
  local object = setmetatable({}, Class)
  equal("a class with __gc", object:name() .. " " .. tostring(object), "named instance")
  equal("__gc kept in the metatable", getmetatable(object).__gc, Class.__gc)
  equal("loadfile", type(loadfile("semver.lua")), "function")
  equal("dofile", type(dofile("semver.lua")), type(require("semver")))
  equal("loadfile of a missing file", select("#", loadfile("missing.lua")), 2)
end)

describe("finalizers, string.dump, a stopped collector, the locale, debug.getmetatable", function()
  local order = {}
  local Class = { __gc = function(o) order[#order + 1] = o.name end }
  local a, b = setmetatable({ name = "a" }, Class), setmetatable({ name = "b" }, Class)
  a, b = nil, nil
  collectgarbage()
  equal("finalizers at a collection, last marked first", table.concat(order, ","), "b,a")
  collectgarbage()
  equal("a finalizer runs once", #order, 2)
  local function add(x, y) return x + y end
  equal("string.dump loads back", load(string.dump(add))(2, 3), 5)
  equal("string.dump stripped loads back", load(string.dump(add, true), "=add", "b")(4, 5), 9)
  equal("string.dump of a C function", select(2, pcall(string.dump, print)), "unable to dump given function")
  collectgarbage("stop")
  equal("a stopped collector", collectgarbage("isrunning"), false)
  collectgarbage("restart")
  equal("restarted", collectgarbage("isrunning"), true)
  equal("os.setlocale()", os.setlocale(), "C")
  equal("os.setlocale('C')", os.setlocale("C", "numeric"), "C")
  local protected = setmetatable({}, { __metatable = "mine", __index = { x = 1 } })
  equal("getmetatable of a protected table", getmetatable(protected), "mine")
  equal("debug.getmetatable past __metatable", debug.getmetatable(protected).__index.x, 1)
end)

describe("a file the game writes", function()
  local name = "written-by-the-differential.txt"
  local f = assert(io.open(name, "w"))
  f:write("line one\n", 2, " ", 3.5, "\n")
  equal("io.type of an open file", io.type(f), "file")
  equal("same kind as io.stdout", getmetatable(f) == getmetatable(io.stdout), true)
  f:close()
  equal("io.type of a closed file", io.type(f), "closed file")
  local r = io.open(name, "r")
  equal("read a line", r:read("l"), "line one")
  equal("read numbers", table.concat({ r:read("n", "n") }, ","), "2,3.5")
  equal("seek", r:seek("set", 5), 5)
  equal("read all from there", r:read("a"), "one\n2 3.5\n")
  r:close()
  local appended = io.open(name, "a")
  appended:write("three\n")
  appended:close()
  local count = 0
  for _ in io.lines(name) do count = count + 1 end
  equal("io.lines of the written file", count, 3)
  equal("reading a write-only file", select(2, io.open(name, "w"):read("l")), "Bad file descriptor")
  pcall(os.remove, name)  -- stock wrote a real file in this folder; the game's was in memory
end)

describe("io.lines of a file of the folder", function()
  local function show(...)
    local t = table.pack(...)
    for i = 1, t.n do t[i] = type(t[i]) == "string" and string.format("%q", t[i]) or tostring(t[i]) end
    return table.concat(t, ",")
  end
  local count = 0
  for _ in io.lines("lines.lua") do count = count + 1 end
  equal("io.lines: every line", count, 5)
  local next = io.lines("lines.lua", "L", 8, "l", "l")
  local line, bytes = next()
  equal("io.lines: L keeps the newline", line:sub(-1), "\n")
  equal("io.lines: a count of bytes", bytes, "return {")
  local _, rest, none = next()
  equal("io.lines: a count past the end", rest, "}\n")
  equal("io.lines: nil ends the formats", show(none), "nil")
  local numbers = io.lines("./lines.lua", "l", "l", "n", "n")
  equal("io.lines: numbers, up to the first that is none", show(select(3, numbers())), "12,nil")
  equal("io.lines: all", #io.lines("lines.lua", "a")(), 124)
  local ended = io.lines("lines.lua", "a", "l")
  equal("io.lines: all, then at the end nil", show(select(2, ended())), "nil")
  local lines = io.lines("lines.lua")
  for _ = 1, 5 do lines() end
  equal("io.lines: past the end", lines(), nil)
  equal("io.lines: a closed file", select(2, pcall(lines)), "file is already closed")
end)

h.summary()
