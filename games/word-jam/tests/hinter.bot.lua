-- A student who asks for a hint on every word, then gives up with empty
-- lines and two wrong tries. Hints are counted once per word and cost points.
return {
  seeds = { 1, 200 },
  level = "LEVEL-2",

  answer = function(prompt, output)
    if output:find("Word %d+ of") then return "hint" end
    if output:find("Hint: it starts with") then return "" end
    return "qqqq"
  end,

  check = function(report)
    assert(report.outcome == "finished", "outcome " .. report.outcome)
    local words = report.items.correct.maxScore
    assert(report.items.hints.value == words, "hints " .. report.items.hints.value .. " for " .. words .. " words")
    assert(report.items.score.value == 0)
    assert(report.items.passed.value == false)
  end,
}
