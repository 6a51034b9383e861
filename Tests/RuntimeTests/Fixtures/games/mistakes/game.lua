-- Makes the API mistake named by the first answer, so each error message can be checked.
local mistakes = {
  ["before-start"] = function() activity.quantity("score", 1) end,
  ["nan"] = function() activity.start() activity.quantity("score", 0/0) end,
  ["string-value"] = function() activity.start() activity.quantity("score", "ten") end,
  ["score-above-max"] = function() activity.start() activity.score("correct", 12, 10) end,
  ["max-zero"] = function() activity.start() activity.score("correct", 0, 0) end,
  ["progress-range"] = function() activity.start() activity.progress(1.5) end,
  ["empty-id"] = function() activity.start() activity.quantity("", 1) end,
  ["long-id"] = function() activity.start() activity.quantity(("x"):rep(256), 1) end,
  ["value-type"] = function() activity.start() activity.binary("passed", true, "passFial") end,
  ["primary-kind"] = function() activity.start() activity.score("correct", 1, 2) activity.primary("correct") activity.quantity("score", 1) activity.primary("score") end,
  ["through-c"] = function() activity.start() string.gsub("a", "a", activity.quantity) end,
  ["blank-id"] = function() activity.start() activity.quantity("  ", 1) end,
  ["stopped-blank-id"] = function() activity.start() activity.stop() activity.quantity("  ", 1) end,
  ["kind-again"] = function() activity.start() activity.quantity("score", 1) activity.binary("score", true) end,
  ["after-finish"] = function() activity.start() activity.finish() activity.quantity("score", 1) end,
}
return {
  id = "MISTAKES", title = "Mistakes",
  play = function()
    local which = ask("mistake?")
    mistakes[which]()
  end,
}
