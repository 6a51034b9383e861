-- i18n/plural.lua: which plural form a count takes, per language.
local plural = {}
local name, file = ...
plural.loaded_as = name
plural.loaded_from = file

local rules = {
  en = function(n) return n == 1 and "one" or "other" end,
  fr = function(n) return (n >= 0 and n < 2) and "one" or "other" end,
  pl = function(n)
    local m10, m100 = n % 10, n % 100
    if n == 1 then return "one" end
    if m10 >= 2 and m10 <= 4 and not (m100 >= 12 and m100 <= 14) then return "few" end
    return "many"
  end,
}

function plural.form(locale, n)
  return (rules[locale] or rules.en)(n)
end

return plural
