-- functional.lua: the lume/moses kind of utilities. Feature tests at load time, as such
-- libraries write them for sandboxes.
local F = {}

local clock = os and os.clock or function() return 0 end
local unpack = table.unpack or unpack
local getmt = debug and debug.getmetatable or getmetatable
F.has_clock = type(clock) == "function"
F.dir_separator = package and package.config and package.config:sub(1, 1) or "/"
F.string_methods = getmt("").__index == string

function F.map(t, f)
  local out = {}
  for i, v in ipairs(t) do out[i] = f(v, i) end
  return out
end

function F.filter(t, f)
  local out = {}
  for _, v in ipairs(t) do if f(v) then out[#out + 1] = v end end
  return out
end

function F.reduce(t, f, first)
  local acc, start = first, 1
  if acc == nil then acc, start = t[1], 2 end
  for i = start, #t do acc = f(acc, t[i]) end
  return acc
end

function F.range(a, b, step)
  local out = {}
  for i = a, b, step or 1 do out[#out + 1] = i end
  return out
end

function F.partial(f, ...)
  local bound = table.pack(...)
  return function(...)
    local all = { unpack(bound, 1, bound.n) }
    local rest = table.pack(...)
    for i = 1, rest.n do all[bound.n + i] = rest[i] end
    return f(unpack(all, 1, bound.n + rest.n))
  end
end

function F.memoize(f)
  local cache = setmetatable({}, { __mode = "k" })
  local calls = 0
  return function(x)
    if cache[x] == nil then
      calls = calls + 1
      cache[x] = f(x)
    end
    return cache[x]
  end, function() return calls end
end

function F.trim(s, chars)
  chars = chars and chars:gsub("[%(%)%.%%%+%-%*%?%[%]%^%$]", "%%%1") or "%s"
  return (s:match("^[" .. chars .. "]*(.-)[" .. chars .. "]*$"))
end

function F.split(s, sep)
  local out = {}
  if sep == nil then
    for word in s:gmatch("%S+") do out[#out + 1] = word end
    return out
  end
  local start = 1
  while true do
    local i, j = s:find(sep, start, true)
    if not i then break end
    out[#out + 1] = s:sub(start, i - 1)
    start = j + 1
  end
  out[#out + 1] = s:sub(start)
  return out
end

function F.format(template, vars)
  return (template:gsub("{(.-)}", function(k) return tostring(vars[k] or vars[tonumber(k)] or "{" .. k .. "}") end))
end

function F.round(x, increment)
  increment = increment or 1
  x = x / increment
  return (x > 0 and math.floor(x + .5) or math.ceil(x - .5)) * increment
end

function F.uuid()
  local fn = function(x)
    local r = math.random(16) - 1
    r = (x == "x") and (r + 1) or (r % 4) + 9
    return ("0123456789abcdef"):sub(r, r)
  end
  return (("xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx"):gsub("[xy]", fn))
end

function F.serialize(value)
  local t = type(value)
  if t == "table" then
    local keys = {}
    for k in pairs(value) do keys[#keys + 1] = k end
    table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
    local parts = {}
    for _, k in ipairs(keys) do parts[#parts + 1] = "[" .. F.serialize(k) .. "]=" .. F.serialize(value[k]) end
    return "{" .. table.concat(parts, ",") .. "}"
  elseif t == "string" then
    return string.format("%q", value)
  end
  return tostring(value)
end

function F.deserialize(text)
  return assert(load("return " .. text, "=deserialize", "t", {}))()
end

function F.elapsed(f)
  local start = clock()
  f()
  return clock() - start >= 0
end

return F
