-- String building: concatenation, string.format, tostring and table.concat,
-- the way a game builds its lines of text. No pattern matching here (that is
-- patterns.lua), so this row is not affected by the sandbox's own matcher.
return function(n)
  local total = 0
  for round = 1, n do
    local parts = {}
    for i = 1, 200 do
      local line = "Question " .. i .. ": " .. (i * round) % 97 .. " + " .. tostring(i % 13)
      parts[#parts + 1] = string.format("%-24s|%5d|%s", line, i, string.upper(line:sub(1, 8)))
    end
    local text = table.concat(parts, "\n")
    total = total + #text + #string.rep("ab", round % 7, ",")
  end
  return total
end
