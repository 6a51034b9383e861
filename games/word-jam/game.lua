-- Word Jam: unscramble the letters to find the word.
--
-- How a round works (the same rules for every level):
--   * A round is 8 words or 90 seconds of clock() time, whichever
--     comes first. The clock is checked before every question: once
--     90 seconds have passed we say "Time's up!" (and show the word
--     on screen, if any) and the round ends.
--   * Answers ignore upper/lower case and spaces, so "Cat", " cat "
--     and "C A T" all count. Another real word made from the same
--     letters (from the lists below) counts too.
--   * Each word allows two tries. Right on the first try scores 10
--     points, right on the second try 5 points. After two wrong
--     tries we show the word.
--   * Typing "hint" shows the first letter. It costs 3 points on
--     that word, is not a try, and works once per word.
--   * An empty answer is not a try; we just explain and ask again.
--   * The student passes with at least 70% of the words shown
--     solved (6 of 8 in a full round).
--   * If the student quits (input ends) we say goodbye and stop
--     without marking the activity complete.
--
-- All the words and scrambles are drawn at the start of the round,
-- so they depend only on the run's seed, not on the answers.

local ROUND_WORDS = 8
local ROUND_SECONDS = 90
local POINTS_FIRST_TRY = 10
local POINTS_SECOND_TRY = 5
local HINT_COST = 3
local PASS_PERCENT = 70

-- The word lists. Teachers: add or remove words freely, one level
-- per list, lower case letters only, separated by spaces or lines.
local WORDS = {
  -- Level 1: three and four letters.
  ["LEVEL-1"] = [[
    cat dog sun hat pig cup bed box fox red bus car egg hen jam map
    net owl pen rug top van web zip bag bat bee bug cow cub dig fan
    fin fun gum hop hug jet kid lid log mud nut pan pot rat run sad
    six ten toy wet yes arm ant ink ice day boy sky pie leg cap
    bird book cake coat duck fish frog game girl goat hand jump kite
    lamp leaf lion milk moon nest nose park rain ring road rock sand
    ship shoe sock star swim tree wind wolf bear bell blue cold door
    drum farm five four gift gold hill home king lake mask nine play
    pink rose seed snow song soup tail time town wall wish yard corn
    desk baby bike ball hope kiss lamb moth
  ]],
  -- Level 2: five and six letters.
  ["LEVEL-2"] = [[
    apple beach bread chair cloud dance dream eagle earth fruit grape
    green happy horse house juice lemon light money mouse music night
    ocean paint party pizza plant queen river robot seven shark sheep
    smile snake space spoon storm sugar table tiger toast train truck
    water whale zebra bunny clown crown puppy bunch
    basket bottle bridge butter candle carrot castle cheese cookie
    doctor dragon flower forest friend garden guitar hammer insect
    island jacket kitten ladder lizard magnet monkey orange parrot
    pencil pepper picnic planet pocket rabbit rocket school silver
    spider summer sunset ticket tomato turtle winter yellow window
    animal banana circle family helmet jungle marble mitten muffin
    noodle purple button pirate pillow cowboy farmer crayon
  ]],
  -- Level 3: seven letters or more.
  ["LEVEL-3"] = [[
    balloon bicycle blanket brother cabbage camping captain chicken
    dolphin dinosaur elephant feather giraffe goldfish hamster holiday
    kitchen library lettuce monster morning octopus pancake penguin
    picture popcorn pumpkin rainbow sandwich scissors snowman stomach
    sunshine teacher thunder tractor treasure triangle trumpet
    umbrella unicorn volcano weather whistle birthday football
    kangaroo mountain notebook princess skeleton squirrel backpack
    airport alphabet armchair bathroom bedroom chocolate computer
    cupcake dentist diamond doorbell fishing gorilla grandma grandpa
    hedgehog homework ladybird lollipop magician mermaid necklace
    ostrich panther parents peacock rooster sausage science seashell
    shampoo soldier spinach sparkle station sweater tornado cartoon
    fountain freezer haircut
  ]],
}

local LEVEL_NAMES = {
  ["LEVEL-1"] = "Short Words",
  ["LEVEL-2"] = "Middle Words",
  ["LEVEL-3"] = "Long Words",
}

-- Cheers after "Correct!". We take them in turn instead of at random
-- so that the words (which use random) stay the same for a seed.
local CHEERS = {
  "Great job!", "Word wizard!", "Super!", "Nice one!",
  "Brilliant!", "Way to go!", "Fantastic!", "Spot on!",
}

-- Splits a word list string into a table of words.
local function splitWords(text)
  local list = {}
  for word in text:gmatch("%a+") do list[#list + 1] = word:lower() end
  return list
end

-- Every word of every level, so that another real word made of the
-- same letters is accepted, and never shown as a scramble.
local KNOWN = {}
for _, text in pairs(WORDS) do
  for _, word in ipairs(splitWords(text)) do KNOWN[word] = true end
end

-- The letters of a word in alphabetical order: two words are made
-- of the same letters when these are equal.
local function sortedLetters(word)
  local letters = {}
  for c in word:gmatch(".") do letters[#letters + 1] = c end
  table.sort(letters)
  return table.concat(letters)
end

-- Shuffles a list in place (Fisher-Yates), using the seeded random.
local function shuffle(list)
  for i = #list, 2, -1 do
    local j = random(1, i)
    list[i], list[j] = list[j], list[i]
  end
  return list
end

-- Mixes up the letters of a word. Returns nil when we cannot find a
-- mix that is not itself a real word.
local function scramble(word)
  for _ = 1, 30 do
    local letters = {}
    for c in word:gmatch(".") do letters[#letters + 1] = c end
    local mixed = table.concat(shuffle(letters))
    if mixed ~= word and not KNOWN[mixed] then return mixed end
  end
  return nil
end

-- Picks the round's words at random, each with its scramble.
local function makeRound(levelId)
  local pool = shuffle(splitWords(WORDS[levelId]))
  local round = {}
  for _, word in ipairs(pool) do
    local mixed = scramble(word)
    if mixed then round[#round + 1] = { word = word, mixed = mixed } end
    if #round == ROUND_WORDS then break end
  end
  return round
end

-- "tca" -> "T C A"
local function spaced(mixed)
  return (mixed:upper():gsub(".", " %0"):sub(2))
end

-- Lower case, with all spaces removed.
local function tidy(answer)
  return (answer:lower():gsub("%s", ""))
end

local function isRight(answer, word)
  if answer == word then return true end
  return KNOWN[answer] == true and sortedLetters(answer) == sortedLetters(word)
end

local function starLine(solved, shown)
  local stars = 0
  if solved * 100 >= shown * 90 then stars = 3
  elseif solved * 100 >= shown * PASS_PERCENT then stars = 2
  elseif solved * 100 >= shown * 40 then stars = 1 end
  local line = "Stars:"
  for i = 1, 3 do
    line = line .. (i <= stars and " [*]" or " [ ]")
  end
  return line, stars
end

local FAREWELLS = {
  [0] = "Every jam makes you stronger. Try again soon!",
  [1] = "Good effort! Play again to earn more stars.",
  [2] = "Well done! You really know your words.",
  [3] = "Amazing! You are a Word Jam star!",
}

local function play(levelId)
  if not WORDS[levelId] then levelId = "LEVEL-1" end
  local round = makeRound(levelId)

  activity.start()
  activity.quantity("score", 0, "Score")
  activity.primary("score")
  activity.quantity("hints", 0, "Hints used")

  say("*** Word Jam: " .. LEVEL_NAMES[levelId] .. " ***")
  say("Put the letters in order to make a word.")
  say("Solve " .. #round .. " words in " .. ROUND_SECONDS
    .. " seconds. You get two tries.")
  say("Stuck? Type hint to see the first letter (costs "
    .. HINT_COST .. " points).")

  local startTime = clock()
  local score, solved, shown, hints = 0, 0, 0, 0
  local progress = 0
  local timeUp = false
  local warned = false

  local function timeLeft()
    return clock() - startTime < ROUND_SECONDS
  end

  for i, item in ipairs(round) do
    if not timeLeft() then
      say("")
      say("Time's up!")
      timeUp = true
      break
    end
    if not warned and clock() - startTime >= ROUND_SECONDS - 15 then
      say("Hurry, less than 15 seconds left!")
      warned = true
    end

    local word, prompt = item.word, "Unscramble: " .. spaced(item.mixed)
    local tries, usedHint, done = 0, false, false
    shown = shown + 1
    say("")
    say("Word " .. i .. " of " .. #round .. " (" .. #word .. " letters)")

    while not done do
      if not timeLeft() then
        say("Time's up! The word was " .. word:upper() .. ".")
        say("")
        timeUp = true
        break
      end
      local answer = ask(prompt)
      if answer == nil then
        say("Goodbye! Thanks for playing Word Jam.")
        activity.stop()
        return
      end
      answer = tidy(answer)

      if answer == "" then
        say("Type the word, or type hint for a clue.")
      elseif answer == "hint" then
        if usedHint then
          say("You have the hint: it starts with "
            .. word:sub(1, 1):upper() .. ".")
        else
          usedHint = true
          hints = hints + 1
          activity.quantity("hints", hints, "Hints used")
          say("Hint: it starts with " .. word:sub(1, 1):upper()
            .. ". (-" .. HINT_COST .. " points)")
        end
      elseif isRight(answer, word) then
        tries = tries + 1
        local points = tries == 1 and POINTS_FIRST_TRY or POINTS_SECOND_TRY
        if usedHint then points = math.max(0, points - HINT_COST) end
        score = score + points
        solved = solved + 1
        local cheer = CHEERS[(solved - 1) % #CHEERS + 1]
        say("Correct! " .. cheer .. " (+" .. points .. ")")
        if answer ~= word then
          say("I was thinking of " .. word:upper()
            .. ", but yours works too!")
        end
        done = true
      else
        tries = tries + 1
        if tries == 1 then
          say("Not quite. One more try!")
        else
          say("Not quite. The word was " .. word:upper() .. ".")
          done = true
        end
      end
    end

    -- Progress is words done or time used, whichever is further
    -- along, and it never goes backwards.
    local timeUsed = math.min(1, (clock() - startTime) / ROUND_SECONDS)
    progress = math.max(progress, shown / #round, timeUsed)
    activity.progress(progress)
    if timeUp then break end
  end

  if not timeUp then
    say("")
    say("That's all " .. #round .. " words!")
  end

  -- Results only at the end: a student who leaves half-way keeps
  -- their progress, not a score for the words they happened to solve.
  local passed = shown > 0 and solved * 100 >= shown * PASS_PERCENT
  activity.quantity("score", score, "Score")
  activity.score("correct", solved, shown, "Words solved")
  activity.binary("passed", passed, "passFail", "Passed")
  activity.progress(1)

  local stars, count = starLine(solved, math.max(shown, 1))
  say("Score: " .. score)
  say("You got " .. solved .. " of " .. shown .. " words right")
  say("Hints used: " .. hints)
  say(stars)
  if passed then say("You passed this level!") end
  say(FAREWELLS[count])
  activity.finish()
end

return {
  id = "WORD-JAM",
  title = "Word Jam",
  type = "game",
  topic = "literacyAndWriting",
  summary = "Unscramble the letters to find the hidden words.",
  keywords = { "spelling", "vocabulary", "anagrams", "words" },
  age = { 6, 10 },
  minutes = { 2, 5 },
  contexts = {
    { id = "LEVEL-1", title = "Short Words", type = "level",
      summary = "Words with three or four letters." },
    { id = "LEVEL-2", title = "Middle Words", type = "level",
      summary = "Words with five or six letters." },
    { id = "LEVEL-3", title = "Long Words", type = "level",
      summary = "Words with seven letters or more." },
  },
  play = play,
}
