-- class.lua: classes with single inheritance through __index chains, metamethods that
-- subclasses inherit, mixins, and class/instance checks (the middleclass kind).
local class = {}

local METAMETHODS = { "__tostring", "__eq", "__lt", "__le", "__add", "__concat", "__len", "__call", "__unm" }

local function propagate(klass, name, value)
  value = name == "__index" and type(value) == "table" and value or value
  klass.__instanceDict[name] = value
  for subclass in pairs(klass.subclasses) do
    if rawget(subclass.__declaredMethods, name) == nil then propagate(subclass, name, value) end
  end
end

local function declare(klass, name, value)
  klass.__declaredMethods[name] = value
  if value == nil and klass.super then value = klass.super.__instanceDict[name] end
  propagate(klass, name, value)
end

local function create(name, super)
  local dict = {}
  dict.__index = dict
  local klass = {
    name = name, super = super, static = {}, __instanceDict = dict, __declaredMethods = {},
    subclasses = setmetatable({}, { __mode = "k" }),
  }
  if super then
    setmetatable(klass.static, {
      __index = function(_, k)
        local value = rawget(dict, k)
        if value == nil then return super.static[k] end
        return value
      end,
    })
    for k, v in pairs(super.__instanceDict) do
      if not (k == "__index" and v == super.__instanceDict) then dict[k] = v end
    end
    dict.__index = dict
    setmetatable(dict, { __index = super.__instanceDict })
  else
    setmetatable(klass.static, { __index = function(_, k) return rawget(dict, k) end })
  end
  setmetatable(klass, {
    __index = klass.static,
    __tostring = function() return "class " .. name end,
    __newindex = declare,
    __call = function(self, ...) return self:new(...) end,
  })
  return klass
end

local Object = create("Object")

function Object.static:allocate()
  return setmetatable({ class = self }, self.__instanceDict)
end

function Object.static:new(...)
  local instance = self:allocate()
  instance:initialize(...)
  return instance
end

function Object.static:subclass(name)
  local subclass = create(name, self)
  for _, m in ipairs(METAMETHODS) do
    if self.__instanceDict[m] ~= nil then subclass.__instanceDict[m] = self.__instanceDict[m] end
  end
  self.subclasses[subclass] = true
  return subclass
end

function Object.static:isSubclassOf(other)
  local super = self.super
  while super do
    if super == other then return true end
    super = super.super
  end
  return false
end

function Object.static:include(mixin)
  for k, v in pairs(mixin) do
    if k ~= "included" then self[k] = v end
  end
  if mixin.included then mixin.included(self) end
  return self
end

function Object:initialize() end

Object.__tostring = function(self) return "instance of " .. tostring(self.class) end

function Object:isInstanceOf(klass)
  local c = self.class
  while c do
    if c == klass then return true end
    c = c.super
  end
  return false
end

function class.class(name, super)
  return super and super:subclass(name) or Object:subclass(name)
end

class.Object = Object
return setmetatable(class, { __call = function(_, ...) return class.class(...) end })
