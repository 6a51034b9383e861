-- utf8util.lua: character-wise helpers on UTF-8 text, built on the utf8 library (found as
-- a global or through require, the way such libraries look for it).
local utf8 = utf8 or require("utf8")
local U = {}

function U.len(s) return utf8.len(s) end

function U.sub(s, i, j)
  local n = utf8.len(s)
  j = j or n
  if i < 0 then i = n + i + 1 end
  if j < 0 then j = n + j + 1 end
  if i < 1 then i = 1 end
  if j > n then j = n end
  if i > j then return "" end
  local from = utf8.offset(s, i)
  local to = utf8.offset(s, j + 1) or #s + 1
  return s:sub(from, to - 1)
end

function U.reverse(s)
  local chars = {}
  for _, code in utf8.codes(s) do table.insert(chars, 1, utf8.char(code)) end
  return table.concat(chars)
end

function U.upper_ascii(s)
  return (s:gsub(utf8.charpattern, function(c) return #c == 1 and c:upper() or c end))
end

function U.valid(s) return utf8.len(s) ~= nil end

function U.codepoints(s)
  local out = {}
  for _, c in utf8.codes(s) do out[#out + 1] = string.format("U+%04X", c) end
  return table.concat(out, " ")
end

return U
