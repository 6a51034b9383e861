-- Third-party files under lib/ and vendor/: luacheck's style warnings are not shown there,
-- check's own findings are; helpers.lua is the author's own, so luacheck judges it.
local messy = require("lib/messy")
local tidy = require("vendor.tidy")
local helpers = require("helpers")

local function play()
  activity.start()
  local answer = ask(messy.greet("you") .. tidy.ask .. helpers.question)
  if answer == nil then activity.stop() return end
  activity.score("correct", answer == "4" and 1 or 0, 1, "Correct answers")
  activity.finish()
end

return { id = "VENDORED", title = "Vendored", type = "quiz", topic = "math", play = play }
