-- A multiple-choice quiz with a bug on its last screen only: the results screen
-- counts the right answers again into the running total, so a student who got
-- more than half right is scored above the maximum (activity.score raises).
local questions = {
  { q = "7 x 8 = ?", options = { "54", "56", "58", "64" }, right = 2 },
  { q = "Capital of Italy?", options = { "Rome", "Milan", "Turin", "Naples" }, right = 1 },
  { q = "H2O is ...", options = { "salt", "air", "water", "gold" }, right = 3 },
  { q = "Sides of a hexagon?", options = { "5", "7", "8", "6" }, right = 4 },
  { q = "Largest planet?", options = { "Mars", "Jupiter", "Venus", "Earth" }, right = 2 },
}

local function play(level)
  activity.start()
  activity.primary("correct")
  say("Choice Jam")
  local picks, correct = {}, 0
  for i, item in ipairs(questions) do
    local pick = choose(item.q, item.options)
    if pick == nil then
      say("Bye!")
      activity.stop()
      return
    end
    picks[i] = pick
    if pick == item.right then correct = correct + 1 end
    activity.progress(i / #questions)
  end
  -- Results screen. The bug: it recounts into `correct` instead of a fresh counter.
  for i, item in ipairs(questions) do
    if picks[i] == item.right then correct = correct + 1 end
  end
  activity.score("correct", correct, #questions, "Correct answers")
  say("You got " .. correct .. " of " .. #questions)
  activity.finish()
end

return { id = "CHOICE-JAM", title = "Choice Jam", play = play }
