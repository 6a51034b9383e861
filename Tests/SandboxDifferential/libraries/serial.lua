-- serial.lua: a binary serializer of the binser kind, on string.pack and string.unpack.
local serial = {}

local write

local function write_table(t, out)
  local n = #t
  local keys = {}
  for k in pairs(t) do
    if not (math.type(k) == "integer" and k >= 1 and k <= n) then keys[#keys + 1] = k end
  end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  out[#out + 1] = string.pack("<BI4I4", 5, n, #keys)
  for i = 1, n do write(t[i], out) end
  for _, k in ipairs(keys) do
    write(k, out)
    write(t[k], out)
  end
end

function write(v, out)
  local t = type(v)
  if v == nil then out[#out + 1] = "\0"
  elseif t == "boolean" then out[#out + 1] = v and "\1" or "\2"
  elseif math.type(v) == "integer" then out[#out + 1] = string.pack("<Bi8", 3, v)
  elseif t == "number" then out[#out + 1] = string.pack("<Bd", 4, v)
  elseif t == "string" then out[#out + 1] = string.pack("<Bs4", 6, v)
  elseif t == "table" then write_table(v, out)
  else error("cannot serialize a " .. t)
  end
end

local function read(s, pos)
  local tag = s:byte(pos)
  if tag == 0 then return nil, pos + 1
  elseif tag == 1 then return true, pos + 1
  elseif tag == 2 then return false, pos + 1
  elseif tag == 3 then return string.unpack("<i8", s, pos + 1)
  elseif tag == 4 then return string.unpack("<d", s, pos + 1)
  elseif tag == 6 then return string.unpack("<s4", s, pos + 1)
  elseif tag == 5 then
    local n, nkeys
    n, nkeys, pos = string.unpack("<I4I4", s, pos + 1)
    local t = {}
    for i = 1, n do t[i], pos = read(s, pos) end
    for _ = 1, nkeys do
      local k, v
      k, pos = read(s, pos)
      v, pos = read(s, pos)
      t[k] = v
    end
    return t, pos
  end
  error(string.format("unknown tag %s at byte %d", tostring(tag), pos))
end

function serial.serialize(...)
  local out, n = {}, select("#", ...)
  out[1] = string.pack("<I2", n)
  for i = 1, n do write((select(i, ...)), out) end
  return table.concat(out)
end

function serial.deserialize(s)
  local n, pos = string.unpack("<I2", s)
  local values = {}
  for i = 1, n do values[i], pos = read(s, pos) end
  return table.unpack(values, 1, n)
end

return serial
