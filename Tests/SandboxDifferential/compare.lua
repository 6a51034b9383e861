-- compare.lua STOCK EDUJAM: compares, line by line, what cases.lua printed under stock
-- lua5.4 (STOCK) and inside an EduJam sandbox (EDUJAM). Run by `make test-differential`.
-- Exit status 0 only if every line is the same.
--
-- Stock's lines are first given the two changes EduJam's print makes on purpose
-- (docs/sandbox.md, "Differences from stock Lua 5.4"); nothing else is forgiven.

local MAX_SHOWN = 25

-- What EduJam's print writes where stock's print writes `line`: arguments joined by a
-- space, not a tab; C1 controls (UTF-8 encoded), then C0 controls but tab and newline,
-- and DEL, replaced by '?'. Case lines hold none of these, only the print cases' lines do.
local function as_edujam_print(line)
  line = line:gsub("\t", " ")
  line = line:gsub("\xC2[\x80-\x9F]", "?")
  return (line:gsub("[%z\1-\8\11-\31\127]", "?"))
end

local function read_lines(path)
  local file = assert(io.open(path, "rb"))
  local text = file:read("a")
  file:close()
  local lines = {}
  for line in text:gmatch("([^\n]*)\n") do lines[#lines + 1] = line end
  return lines
end

local function visible(line)
  return line and (line:gsub("[^\32-\126]", function(c) return ("\\%d"):format(c:byte()) end)) or "(no line)"
end

local stock_path, edujam_path = arg[1], arg[2]
local stock, edujam = read_lines(stock_path), read_lines(edujam_path)
local mismatches = 0
for i = 1, math.max(#stock, #edujam) do
  local expected = stock[i] and as_edujam_print(stock[i])
  if expected ~= edujam[i] then
    mismatches = mismatches + 1
    if mismatches <= MAX_SHOWN then
      print(("line %d differs\n  stock:  %s\n  edujam: %s"):format(i, visible(expected), visible(edujam[i])))
    end
  end
end
local last = stock[#stock] or ""
if not last:match("^%-%- %d+ cases$") then
  print(("%s does not end with the case count: the case file stopped early"):format(stock_path))
  mismatches = mismatches + 1
end
if mismatches > 0 then
  print(("sandbox differential: %d of %d lines differ from stock Lua (%s)"):format(mismatches, #stock, last))
  os.exit(1)
end
print(("sandbox differential: %d lines identical to stock Lua (%s)"):format(#stock, last))
