-- The floor for the playthroughs row: stock lua5.4 playing a game with nothing
-- of EduJam in between, for edujam-bench.
--
-- usage: lua5.4 bench/playthrough-floor.lua GAME.lua LEVEL BATCH
-- Compiles the game once (as EduJam compiles a game once per process), then
-- for each line read on stdin plays BATCH playthroughs and prints the CPU
-- seconds per playthrough (os.clock). Each playthrough loads the compiled
-- chunk into a fresh environment (the standard library shared, the game's
-- own globals new), with a stub of EduJam's API in Lua: ask answers every
-- question right from its prompt (as the benchmark's Swift bot does), say
-- keeps the lines, activity.* records the items, random is EduJam's seeded
-- generator (SplitMix64) written in Lua, clock a virtual clock. First it prints one line: the
-- answers of the seed-1 playthrough, so the benchmark can check both sides
-- play the same game.
local path, level, batch = arg[1], arg[2], math.tointeger(tonumber(arg[3]))
local file = assert(io.open(path, "rb"))
local source = file:read("a")
file:close()
local bytecode = string.dump(assert(load(source, "@" .. path, "t")))  -- keeps line information

local shared = {}  -- what a fresh environment starts from: the standard library
for _, name in ipairs({ "assert", "error", "ipairs", "next", "pairs", "pcall", "rawequal", "rawget",
  "rawlen", "rawset", "select", "setmetatable", "getmetatable", "tonumber", "tostring", "type",
  "xpcall", "string", "table", "math", "utf8", "coroutine" }) do
  shared[name] = _G[name]
end

-- SplitMix64, as Sources/Runtime/SeededRandom.swift draws random(m, n): the same
-- seed gives the same questions, so both sides play the same game. Lua 5.4's
-- integers wrap and its >> is logical, as UInt64's are.
local function seededRandom(seed)
  local state = seed ~ 0x9E3779B97F4A7C15
  local function next()
    state = state + 0x9E3779B97F4A7C15
    local z = state
    z = (z ~ (z >> 30)) * 0xBF58476D1CE4E5B9
    z = (z ~ (z >> 27)) * 0x94D049BB133111EB
    return z ~ (z >> 31)
  end
  local function unsignedMod(x, m)  -- x as an unsigned 64-bit number, 0 < m < 2^63
    return ((x >> 1) % m * 2 + (x & 1)) % m
  end
  return function(low, high)
    if not high then low, high = 1, low end
    local span = high - low + 1
    local limit = -1 - unsignedMod(-1, span)  -- UInt64.max - UInt64.max % span
    local draw = next()
    while not math.ult(draw, limit) do draw = next() end
    return low + unsignedMod(draw, span)
  end
end

local function answer(prompt)
  local a, op, b = prompt:match("^(%-?%d+) (%S) (%-?%d+)")
  a, b = tonumber(a), tonumber(b)
  if not a then return "0" end
  return tostring(op == "+" and a + b or op == "-" and a - b or a * b)
end

local function playOnce(seed)
  local env = {}
  for name, value in pairs(shared) do env[name] = value end
  env._G = env
  local lines, items, answers, now = {}, {}, {}, 0.0
  local started, finished = false, false
  env.random = seededRandom(seed)
  env.clock = function() return now end
  env.say = function(text) lines[#lines + 1] = tostring(text) end
  env.ask = function(prompt)
    lines[#lines + 1] = prompt
    now = now + 1.0
    local reply = answer(prompt)
    answers[#answers + 1] = reply
    return reply
  end
  env.activity = {
    start = function() started = true end,
    stop = function() started = false end,
    finish = function() finished = true end,
    primary = function(id) items.primary = id end,
    quantity = function(id, value, title) items[id] = { value = value, title = title } end,
    score = function(id, score, maxScore, title) items[id] = { value = score, max = maxScore, title = title } end,
    binary = function(id, value, kind, title) items[id] = { value = value, kind = kind, title = title } end,
    progress = function(value) items.progress = value end,
  }
  local game = assert(load(bytecode, "=" .. path, "b", env))()
  assert(type(game) == "table" and type(game.play) == "function", "game.lua returns no play function")
  game.play(level)
  assert(started and finished, "the playthrough did not finish")
  return answers
end

print(table.concat(playOnce(1), " "))
io.stdout:flush()
local seed = 1
for _ in io.lines() do
  local start = os.clock()
  for _ = 1, batch do
    seed = seed + 1
    playOnce(seed)
  end
  print(string.format("%.9f", (os.clock() - start) / batch))
  io.stdout:flush()
end
