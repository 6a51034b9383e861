-- A student who always knows the answer and answers within 2 seconds.
-- 300 seeds on each of the three levels: every round must be a perfect pass.
return {
  seeds = { 1, 300 },
  think = 2,
  levels = { "LEVEL-1", "LEVEL-2", "LEVEL-3" },

  answer = function(prompt, output)
    local a, op, b = prompt:match("^(%d+) ([+x-]) (%d+) = %?$")
    assert(a, "not a question: " .. prompt)
    a, b = tonumber(a), tonumber(b)
    if op == "+" then return tostring(a + b) end
    if op == "-" then
      assert(a - b >= 0, "a subtraction below zero: " .. prompt)
      return tostring(a - b)
    end
    return tostring(a * b)
  end,

  check = function(report)
    assert(report.outcome == "finished", "outcome " .. report.outcome)
    assert(report.items.passed.value == true, "did not pass")
    assert(report.items.correct.score == 10 and report.items.correct.maxScore == 10, "not 10/10")
    assert(report.items.score.value == 150, "score " .. report.items.score.value)
    assert(report.progress == 1, "progress " .. report.progress)
    assert(report.primaryItem == "score")
  end,
}
