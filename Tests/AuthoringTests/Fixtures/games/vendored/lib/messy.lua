-- A library as found: two unused variables luacheck warns about (not shown), a withheld
-- call and a typo that would crash (both shown).
local M = {}
local unused = 1
function M.greet(name)
  local shadow = name
  return "hello " .. name
end
function M.home()
  return os.getenv("HOME")
end
function M.shout(text)
  sya(text)
end
return M
