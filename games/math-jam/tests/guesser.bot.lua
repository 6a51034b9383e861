-- A student who guesses: sometimes right, sometimes a word, sometimes slow.
-- Whatever happens, the report must add up.
local n = 0
return {
  seeds = { 1, 200 },
  level = "LEVEL-2",

  answer = function(prompt, output)
    n = n + 1
    local a, op, b = prompt:match("^(%d+) ([+-]) (%d+)")
    if n % 7 == 0 then return "dunno" end
    if n % 3 == 0 then return tostring(tonumber(a) + 1), 8 end  -- wrong and slow
    return tostring(op == "+" and a + b or a - b), 1
  end,

  check = function(report)
    assert(report.outcome == "finished", "outcome " .. report.outcome)
    local c = report.items.correct
    assert(c.score <= c.maxScore and c.maxScore <= 10)
    assert(report.items.score.value <= 15 * c.score and report.items.score.value >= 10 * c.score)
    assert(report.items.passed.value == (c.score * 100 >= c.maxScore * 70), "passed does not match 70%")
  end,
}
