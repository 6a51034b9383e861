-- inspect.lua: a human-readable dump of any value: keys sorted by type then value, cycles
-- shown as <N>, metatables as <metatable>. Tables are numbered in order of appearance,
-- never by address. Reads metatables through debug.getmetatable where there is one
-- (it sees past __metatable), else getmetatable.
local inspect = {}

local getmt = debug and debug.getmetatable or getmetatable
local TYPE_ORDER = { number = 1, boolean = 2, string = 3, table = 4, ["function"] = 5, userdata = 6, thread = 7 }

local function sort_keys(a, b)
  local ta, tb = type(a), type(b)
  if ta == tb and (ta == "string" or ta == "number") then return a < b end
  if ta == tb then return tostring(a) < tostring(b) end
  return TYPE_ORDER[ta] < TYPE_ORDER[tb]
end

local function is_identifier(k)
  return type(k) == "string" and k:match("^[_%a][_%w]*$") ~= nil
end

local function count_cycles(value, counts)
  if type(value) ~= "table" then return end
  counts[value] = (counts[value] or 0) + 1
  if counts[value] > 1 then return end
  for k, v in pairs(value) do
    count_cycles(k, counts)
    count_cycles(v, counts)
  end
  local mt = getmt(value)
  if type(mt) == "table" then count_cycles(mt, counts) end
end

function inspect.inspect(root, options)
  options = options or {}
  local depth_limit = options.depth or math.huge
  local newline, indent = options.newline or "\n", options.indent or "  "
  local counts, ids, next_id, out = {}, {}, 0, {}
  count_cycles(root, counts)

  local function puts(...)
    for i = 1, select("#", ...) do out[#out + 1] = select(i, ...) end
  end

  local function id_of(t)
    if not ids[t] then
      next_id = next_id + 1
      ids[t] = next_id
    end
    return ids[t]
  end

  local put_value
  local function put_table(t, level)
    if ids[t] then return puts("<table ", id_of(t), ">") end
    if level >= depth_limit then return puts("{...}") end
    if counts[t] > 1 then puts("<", id_of(t), ">") end
    local keys, length = {}, #t
    for k in pairs(t) do
      if not (math.type(k) == "integer" and k >= 1 and k <= length) then keys[#keys + 1] = k end
    end
    table.sort(keys, sort_keys)
    local mt = getmt(t)
    puts("{")
    local first = true
    local function separator()
      if first then first = false else puts(",") end
    end
    for i = 1, length do
      separator()
      puts(" ")
      put_value(t[i], level + 1)
    end
    for _, k in ipairs(keys) do
      separator()
      puts(newline, indent:rep(level + 1))
      if is_identifier(k) then puts(k) else puts("[") put_value(k, level + 1) puts("]") end
      puts(" = ")
      put_value(t[k], level + 1)
    end
    if type(mt) == "table" then
      separator()
      puts(newline, indent:rep(level + 1), "<metatable> = ")
      put_value(mt, level + 1)
    end
    if #keys > 0 or type(mt) == "table" then puts(newline, indent:rep(level)) elseif length > 0 then puts(" ") end
    puts("}")
  end

  function put_value(v, level)
    local t = type(v)
    if t == "string" then puts((string.format("%q", v):gsub("\\\n", "\\n")))
    elseif t == "number" or t == "boolean" or t == "nil" then puts(tostring(v))
    elseif t == "table" then put_table(v, level)
    else puts("<", t, " ", id_of(v), ">")
    end
  end

  put_value(root, 0)
  return table.concat(out)
end

return setmetatable(inspect, { __call = function(_, ...) return inspect.inspect(...) end })
