-- spec/helpers.lua: a small test runner, required as "spec/helpers" (a '/' in the name).
-- Each check prints one line. Error messages lose their "chunk:line: " prefix: the chunk
-- names differ between stock (./json.lua) and a game (its folder's path).
local helpers = { passed = 0, failed = 0 }

local function strip(message)
  if type(message) ~= "string" then return "(" .. type(message) .. " error)" end
  return (message:gsub("^[^\n]-:%d+: ", ""))
end
helpers.strip = strip

local function show(value)
  if type(value) == "string" then return (string.format("%q", value):gsub("\\\n", "\\n")) end
  if type(value) == "table" or type(value) == "function" then return type(value) end  -- never an address
  return tostring(value)
end

function helpers.describe(name, body)
  print("# " .. name)
  local ok, err = pcall(body)
  if not ok then
    helpers.failed = helpers.failed + 1
    print("not ok - " .. name .. " raised: " .. strip(err))
  end
end

function helpers.equal(label, actual, expected)
  if actual == expected then
    helpers.passed = helpers.passed + 1
    print("ok - " .. label .. " = " .. show(actual))
  else
    helpers.failed = helpers.failed + 1
    print("not ok - " .. label .. ": " .. show(actual) .. " ~= " .. show(expected))
  end
end

-- Runs f and returns its error message, stripped, or "no error".
function helpers.error_of(f, ...)
  local ok, err = pcall(f, ...)
  if ok then return "no error" end
  return strip(err)
end

-- The last line: compare.lua takes "-- N cases" as a run that got to its end; a failed
-- check ends the output without it, so the comparison fails even where both runs agree.
function helpers.summary()
  if helpers.failed == 0 then
    print(string.format("-- %d cases", helpers.passed))
  else
    print(string.format("%d passed, %d failed", helpers.passed, helpers.failed))
  end
end

return helpers
