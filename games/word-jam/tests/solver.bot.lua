-- A student who knows every word: sorts the letters shown and looks them up.
-- 300 seeds on each level, answered fast: every round must be a perfect pass.
-- The word list is the game's own (test data: update it when the game's lists change).
local WORDS = [[  cat dog sun hat pig cup bed box fox red bus car egg hen jam map net owl pen rug top van web zip bag bat bee bug cow cub dig fan fin fun gum hop hug jet kid lid log mud nut pan pot rat run sad six ten toy wet yes arm ant ink ice day boy sky pie leg cap bird book cake coat duck fish frog game girl goat hand jump kite lamp leaf lion milk moon nest nose park rain ring road rock sand ship shoe sock star swim tree wind wolf bear bell blue cold door drum farm five four gift gold hill home king lake mask nine play pink rose seed snow song soup tail time town wall wish yard corn desk baby bike ball hope kiss lamb moth apple beach bread chair cloud dance dream eagle earth fruit grape green happy horse house juice lemon light money mouse music night ocean paint party pizza plant queen river robot seven shark sheep smile snake space spoon storm sugar table tiger toast train truck water whale zebra bunny clown crown puppy bunch basket bottle bridge butter candle carrot castle cheese cookie doctor dragon flower forest friend garden guitar hammer insect island jacket kitten ladder lizard magnet monkey orange parrot pencil pepper picnic planet pocket rabbit rocket school silver spider summer sunset ticket tomato turtle winter yellow window animal banana circle family helmet jungle marble mitten muffin noodle purple button pirate pillow cowboy farmer crayon balloon bicycle blanket brother cabbage camping captain chicken dolphin dinosaur elephant feather giraffe goldfish hamster holiday kitchen library lettuce monster morning octopus pancake penguin picture popcorn pumpkin rainbow sandwich scissors snowman stomach sunshine teacher thunder tractor treasure triangle trumpet umbrella unicorn volcano weather whistle birthday football kangaroo mountain notebook princess skeleton squirrel backpack airport alphabet armchair bathroom bedroom chocolate computer cupcake dentist diamond doorbell fishing gorilla grandma grandpa hedgehog homework ladybird lollipop magician mermaid necklace ostrich panther parents peacock rooster sausage science seashell shampoo soldier spinach sparkle station sweater tornado cartoon fountain freezer haircut  ]]

local function key(word)
  local letters = {}
  for c in word:gmatch("%a") do letters[#letters + 1] = c:lower() end
  table.sort(letters)
  return table.concat(letters)
end

local byLetters = {}
for word in WORDS:gmatch("%a+") do byLetters[key(word)] = word end

return {
  seeds = { 1, 300 },
  think = 2,
  levels = { "LEVEL-1", "LEVEL-2", "LEVEL-3" },

  answer = function(prompt, output)
    local letters = prompt:match("^Unscramble: (.+)$")
    assert(letters, "not a word prompt: " .. prompt)
    assert(not output:find("Not quite"), "a known word was refused")
    return assert(byLetters[key(letters)], "no word made of " .. letters)
  end,

  check = function(report)
    assert(report.outcome == "finished", "outcome " .. report.outcome)
    assert(report.items.passed.value == true, "did not pass")
    assert(report.items.correct.score == 8 and report.items.correct.maxScore == 8,
      "solved " .. report.items.correct.score .. "/" .. report.items.correct.maxScore)
    assert(report.items.score.value == 80, "score " .. report.items.score.value)
    assert(report.items.hints.value == 0)
  end,
}
