return {
  seeds = { 1, 50 },
  answer = function(prompt, output)
    local a, b = prompt:match("(%d+) %+ (%d+)")
    return tostring(a + b)
  end,
  check = function(report)
    assert(report.items.passed.value == true, "did not pass")
  end,
}
