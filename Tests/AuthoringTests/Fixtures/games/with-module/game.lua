-- A module's typo is found in the module's own file.
local words = require("words")

local function play()
  activity.start()
  say(words.first())
  activity.quantity("score", 1)
  activity.finish()
end

return { id = "WITH-MODULE", title = "With Module", play = play }
