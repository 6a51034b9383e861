-- Runs Lua 5.4.4's own test files (copied beside this file, under testes/, by rules.mk)
-- as modules of one game, in the sandbox a game gets. Each file asserts its own results
-- and prints OK; the first failure ends the run with its error.
local FILES = { "math", "pm", "strings", "sort", "utf8", "tpack", "vararg" }

-- Not all.lua's portable run (_port): the parts that depend on the platform run too. The
-- locale tests find only the C locale, as on a system without others, and inf, NaN and -0.0
-- print as stock prints them.

return {
  id = "LUA-SUITE",
  title = "Lua 5.4.4's own test files",
  play = function()
    activity.start()
    for _, name in ipairs(FILES) do
      require("testes." .. name)
      print(name .. ".lua passed")
    end
    activity.finish()
  end,
}
