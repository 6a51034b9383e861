-- Reads its own files (io.lines, loadfile from a subfolder with '..'), logs with io.write and
-- debug.traceback, makes objects of a class whose metatable has __gc, writes and reads back a
-- file of its own, and loads a chunk string.dump made.
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
    local finalized = 0
    local Tracked = { __gc = function() finalized = finalized + 1 end }
    for i = 1, 3000 do setmetatable({ i = i, pad = tostring(i):rep(8) }, Tracked) end
    local early = finalized  -- found by the collector's own pacing: a replay must find as many
    local answer = ask(words.question)
    local notes = assert(io.open("notes.txt", "w"))
    notes:write(answer or "", "\n")
    notes:close()
    c.n = (io.open("notes.txt"):read("l") == words.answer) and 1 or 0
    local double = load(string.dump(function(x) return x * 2 end))
    collectgarbage()
    activity.score("correct", c.n, 1)
    activity.quantity("finalized-early", early)
    activity.quantity("finalized", finalized)
    say(where, #words.question)
    say("finalized", early, finalized, "double", double(21))
    activity.finish()
  end,
}
