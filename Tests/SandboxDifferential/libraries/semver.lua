-- semver.lua: semantic versions with comparison metamethods.
local semver = {}
local mt = { __index = semver }

local function parse(text)
  local major, minor, patch, rest = text:match("^v?(%d+)%.?(%d*)%.?(%d*)(.-)$")
  if not major then error("could not parse version '" .. text .. "'", 3) end
  local pre = rest:match("^%-([%w%.%-]+)")
  local build = rest:match("%+([%w%.%-]+)$")
  return tonumber(major), tonumber(minor) or 0, tonumber(patch) or 0, pre, build
end

function semver.new(major, minor, patch, pre, build)
  if type(major) == "string" then major, minor, patch, pre, build = parse(major) end
  assert(math.type(major) == "integer" and major >= 0, "major must be a non-negative integer")
  return setmetatable({ major = major, minor = minor or 0, patch = patch or 0, prerelease = pre, build = build }, mt)
end

local function compare_pre(a, b)
  if a == b then return 0 end
  if a == nil then return 1 end
  if b == nil then return -1 end
  local pa, pb = {}, {}
  for p in a:gmatch("[^.]+") do pa[#pa + 1] = p end
  for p in b:gmatch("[^.]+") do pb[#pb + 1] = p end
  for i = 1, math.max(#pa, #pb) do
    local x, y = pa[i], pb[i]
    if x == nil then return -1 end
    if y == nil then return 1 end
    local nx, ny = tonumber(x), tonumber(y)
    if nx and ny then
      if nx ~= ny then return nx < ny and -1 or 1 end
    elseif nx then return -1
    elseif ny then return 1
    elseif x ~= y then return x < y and -1 or 1
    end
  end
  return 0
end

local function compare(a, b)
  for _, f in ipairs { "major", "minor", "patch" } do
    if a[f] ~= b[f] then return a[f] < b[f] and -1 or 1 end
  end
  return compare_pre(a.prerelease, b.prerelease)
end

mt.__eq = function(a, b) return compare(a, b) == 0 end
mt.__lt = function(a, b) return compare(a, b) < 0 end
mt.__le = function(a, b) return compare(a, b) <= 0 end
mt.__pow = function(a, b) return a.major == b.major and a <= b end  -- "pessimistic upgrade"
mt.__tostring = function(v)
  local s = string.format("%d.%d.%d", v.major, v.minor, v.patch)
  if v.prerelease then s = s .. "-" .. v.prerelease end
  if v.build then s = s .. "+" .. v.build end
  return s
end

function semver:nextMajor() return semver.new(self.major + 1, 0, 0) end
function semver:nextMinor() return semver.new(self.major, self.minor + 1, 0) end
function semver:nextPatch() return semver.new(self.major, self.minor, self.patch + 1) end

return setmetatable(semver, { __call = function(_, ...) return semver.new(...) end })
