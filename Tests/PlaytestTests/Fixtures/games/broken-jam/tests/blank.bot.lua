-- Answers the first question with an empty line: every seed hits the bug.
return {
  seeds = { 1, 20 },
  answer = function(prompt, output)
    if output:find("Tiny Jam") then return "" end  -- the first question
    return "1"
  end,
}
