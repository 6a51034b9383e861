-- json.lua: a JSON encoder and decoder of the usual kind (objects with sorted keys, so
-- the text is the same whatever order `pairs` gives).
local json = { _VERSION = "0.1" }
json.null = setmetatable({}, { __tostring = function() return "null" end })

local escapes = { ['"'] = '\\"', ["\\"] = "\\\\", ["\b"] = "\\b", ["\f"] = "\\f", ["\n"] = "\\n", ["\r"] = "\\r", ["\t"] = "\\t" }
local unescapes = { ['"'] = '"', ["\\"] = "\\", ["/"] = "/", b = "\b", f = "\f", n = "\n", r = "\r", t = "\t" }

local function escape_char(c)
  return escapes[c] or string.format("\\u%04x", c:byte())
end

local function is_array(t)
  local n = 0
  for k in pairs(t) do
    if math.type(k) ~= "integer" or k < 1 then return false end
    n = n + 1
  end
  for i = 1, n do if t[i] == nil then return false end end
  return true, n
end

local encode

local function encode_table(t, seen)
  if seen[t] then error("circular reference") end
  seen[t] = true
  local parts = {}
  local array, n = is_array(t)
  if array and (n > 0 or next(t) == nil) then
    for i = 1, n do parts[i] = encode(t[i], seen) end
    seen[t] = nil
    return "[" .. table.concat(parts, ",") .. "]"
  end
  local keys = {}
  for k in pairs(t) do
    if type(k) ~= "string" then error("invalid key type '" .. type(k) .. "'") end
    keys[#keys + 1] = k
  end
  table.sort(keys)
  for i, k in ipairs(keys) do parts[i] = encode(k, seen) .. ":" .. encode(t[k], seen) end
  seen[t] = nil
  return "{" .. table.concat(parts, ",") .. "}"
end

function encode(value, seen)
  local t = type(value)
  if t == "nil" then return "null"
  elseif t == "boolean" then return tostring(value)
  elseif t == "number" then
    if value ~= value or value == math.huge or value == -math.huge then
      error("unexpected number value '" .. tostring(value) .. "'")
    end
    if math.type(value) == "integer" then return tostring(value) end
    return string.format("%.14g", value)
  elseif t == "string" then
    return '"' .. value:gsub('[%c"\\]', escape_char) .. '"'
  elseif value == json.null then
    return "null"
  elseif t == "table" then
    return encode_table(value, seen or {})
  end
  error("unexpected type '" .. t .. "'")
end

function json.encode(value) return encode(value) end

local decode_value

local function skip(s, i) return s:find("[^ \t\r\n]", i) or #s + 1 end

local function decode_error(s, i, message)
  local line, column = 1, 1
  for j = 1, i - 1 do
    column = column + 1
    if s:sub(j, j) == "\n" then line, column = line + 1, 1 end
  end
  error(string.format("%s at line %d col %d", message, line, column))
end

local function decode_string(s, i)
  local parts, j = {}, i + 1
  while true do
    local c = s:sub(j, j)
    if c == "" then decode_error(s, i, "expected closing quote for string") end
    if c == '"' then return table.concat(parts), j + 1 end
    if c == "\\" then
      local e = s:sub(j + 1, j + 1)
      if e == "u" then
        local hex = s:match("^%x%x%x%x", j + 2) or decode_error(s, j, "invalid unicode escape")
        parts[#parts + 1] = utf8.char(tonumber(hex, 16))
        j = j + 6
      else
        parts[#parts + 1] = unescapes[e] or decode_error(s, j, "invalid escape char '" .. e .. "'")
        j = j + 2
      end
    elseif c:byte() < 32 then
      decode_error(s, j, "control character in string")
    else
      parts[#parts + 1] = c
      j = j + 1
    end
  end
end

local literals = { ["true"] = true, ["false"] = false, ["null"] = json.null }

function decode_value(s, i)
  i = skip(s, i)
  local c = s:sub(i, i)
  if c == "{" then
    local result = {}
    i = skip(s, i + 1)
    if s:sub(i, i) == "}" then return result, i + 1 end
    while true do
      if s:sub(i, i) ~= '"' then decode_error(s, i, "expected string for key") end
      local key
      key, i = decode_string(s, i)
      i = skip(s, i)
      if s:sub(i, i) ~= ":" then decode_error(s, i, "expected ':' after key") end
      result[key], i = decode_value(s, i + 1)
      i = skip(s, i)
      local d = s:sub(i, i)
      if d == "}" then return result, i + 1 end
      if d ~= "," then decode_error(s, i, "expected '}' or ','") end
      i = skip(s, i + 1)
    end
  elseif c == "[" then
    local result, n = {}, 0
    i = skip(s, i + 1)
    if s:sub(i, i) == "]" then return result, i + 1 end
    while true do
      n = n + 1
      result[n], i = decode_value(s, i)
      i = skip(s, i)
      local d = s:sub(i, i)
      if d == "]" then return result, i + 1 end
      if d ~= "," then decode_error(s, i, "expected ']' or ','") end
      i = i + 1
    end
  elseif c == '"' then
    return decode_string(s, i)
  end
  local number = s:match("^-?%d+%.?%d*[eE]?[-+]?%d*", i)
  if number and #number > 0 then
    return math.tointeger(tonumber(number)) or tonumber(number), i + #number
  end
  local word = s:match("^%a+", i)
  if word and literals[word] ~= nil then return literals[word], i + #word end
  decode_error(s, i, "unexpected character '" .. c .. "'")
end

function json.decode(s)
  if type(s) ~= "string" then error("expected argument of type string, got " .. type(s)) end
  local value, i = decode_value(s, 1)
  i = skip(s, i)
  if i <= #s then decode_error(s, i, "trailing garbage") end
  return value
end

return json
