-- i18n/init.lua: translations with %{name} interpolation and plural forms, found by
-- require "i18n" through ./?/init.lua; its plural rules are the module "i18n.plural".
local plural = require("i18n.plural")
local i18n = { locale = "en", store = {} }

local function interpolate(text, vars)
  return (text:gsub("%%{(.-)}", function(k)
    local v = vars[k]
    if v == nil then return "%{" .. k .. "}" end
    return tostring(v)
  end))
end

function i18n.set(key, value, locale)
  locale = locale or i18n.locale
  i18n.store[locale] = i18n.store[locale] or {}
  i18n.store[locale][key] = value
end

function i18n.load(data)
  for locale, entries in pairs(data) do
    for key, value in pairs(entries) do i18n.set(key, value, locale) end
  end
end

function i18n.setLocale(locale) i18n.locale = locale end

function i18n.translate(key, vars)
  vars = vars or {}
  local entries = i18n.store[vars.locale or i18n.locale] or {}
  local value = entries[key]
  if value == nil then return vars.default end
  if type(value) == "table" then
    value = value[plural.form(vars.locale or i18n.locale, vars.count or 1)] or value.other
  end
  return interpolate(value, vars)
end

return setmetatable(i18n, { __call = function(_, ...) return i18n.translate(...) end })
