-- Reads its own files (io.lines, loadfile from a subfolder with '..'), logs with io.write and
-- debug.traceback, and makes objects of a class whose metatable has __gc.
local Counter = setmetatable({}, { __gc = function() end })
Counter.__index = Counter
Counter.__gc = function() end

return {
  id = "FILES-JAM",
  title = "Files Jam",
  play = function()
    activity.start()
    local words = dofile("test/words.lua")
    local lines = 0
    for _ in io.lines("test/words.lua") do lines = lines + 1 end
    io.write("lines: ", lines, "\n")
    local where = debug.traceback("here", 1):match("game.lua:%d+") or "?"
    local c = setmetatable({ n = 0 }, Counter)
    local answer = ask(words.question)
    c.n = (answer == words.answer) and 1 or 0
    collectgarbage()
    activity.score("correct", c.n, 1)
    say(where, #words.question)
    activity.finish()
  end,
}
