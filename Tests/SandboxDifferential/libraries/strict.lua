-- strict.lua: reading or assigning an undeclared global raises. Globals are declared with
-- strict.declare or assigned through strict.global; the metatable goes on _G itself.
local strict = {}
local declared = {}
local mt = getmetatable(_G)
if mt == nil then
  mt = {}
  setmetatable(_G, mt)
end

mt.__newindex = function(t, name, value)
  if not declared[name] then
    error("assign to undeclared variable '" .. tostring(name) .. "'", 2)
  end
  rawset(t, name, value)
end

mt.__index = function(_, name)
  if not declared[name] then
    error("variable '" .. tostring(name) .. "' is not declared", 2)
  end
  return nil
end

function strict.declare(name) declared[name] = true end
function strict.global(name, value)
  declared[name] = true
  rawset(_G, name, value)
end
function strict.off() setmetatable(_G, nil) end
function strict.is_on() return getmetatable(_G) == mt end

return strict
