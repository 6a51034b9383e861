-- Capital Cities: two levels of five questions, each answered from a menu of four cities.
-- The second worked example of docs/authoring.md.

-- Each level: its questions, the capital first among the cities offered.
local LEVELS = {
  EASY = {
    { country = "France", cities = { "Paris", "Lyon", "Nice", "Marseille" } },
    { country = "Italy", cities = { "Rome", "Milan", "Naples", "Turin" } },
    { country = "Spain", cities = { "Madrid", "Barcelona", "Seville", "Valencia" } },
    { country = "Japan", cities = { "Tokyo", "Osaka", "Kyoto", "Nagoya" } },
    { country = "Egypt", cities = { "Cairo", "Alexandria", "Luxor", "Giza" } },
  },
  HARD = {
    { country = "Australia", cities = { "Canberra", "Sydney", "Melbourne", "Perth" } },
    { country = "Canada", cities = { "Ottawa", "Toronto", "Montreal", "Vancouver" } },
    { country = "Turkey", cities = { "Ankara", "Istanbul", "Izmir", "Bursa" } },
    { country = "Morocco", cities = { "Rabat", "Casablanca", "Marrakesh", "Fes" } },
    { country = "Switzerland", cities = { "Bern", "Zurich", "Geneva", "Basel" } },
  },
}
local PASS = 3 -- right answers (of 5) to pass

-- The cities in the order the menu shows them: the capital moves one place down each
-- question, so it is not always option 1 (and a transcript knows where it is).
local function menu(cities, i)
  local shown = {}
  for k = 1, #cities do
    shown[(k + i - 2) % #cities + 1] = cities[k]
  end
  return shown
end

-- play(level) runs one attempt at the level the student picked ("EASY" or "HARD").
local function play(level)
  local questions = LEVELS[level]
  activity.start()
  say("Capital Cities, " .. level .. ": " .. #questions .. " questions.")
  local right = 0
  for i, q in ipairs(questions) do
    local shown = menu(q.cities, i)
    local pick = choose("Question " .. i .. ": the capital of " .. q.country .. "?", shown)
    if pick == nil then -- the student left: progress only, no score, no pass or fail
      say("Goodbye!")
      activity.stop()
      return
    end
    if shown[pick] == q.cities[1] then
      right = right + 1
      say("Correct!")
    else
      say("No: it is " .. q.cities[1] .. ".")
    end
    activity.progress(i / #questions)
  end
  say("You got " .. right .. " of " .. #questions .. " right.")
  -- The results, once the run is over: the score first (the primary item teachers see),
  -- then whether the student passed.
  activity.score("correct", right, #questions, "Correct answers")
  activity.binary("passed", right >= PASS, "passFail", "Passed")
  say(right >= PASS and "You passed this level!" or "Not passed yet: try again!")
  activity.finish()
end

return {
  id = "CAPITALS",
  title = "Capital Cities",
  type = "quiz",
  topic = "socialScience",
  summary = "Pick the capital of each country from four cities.",
  minutes = { 2, 5 },
  contexts = {
    { id = "EASY", title = "Easy", type = "level" },
    { id = "HARD", title = "Hard", type = "level" },
  },
  play = play,
}
