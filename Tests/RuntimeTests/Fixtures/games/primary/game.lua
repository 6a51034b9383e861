-- Chooses the primary item in the way named by the first answer; each way ends the run.
local ways = {
  ["chosen-last"] = function()  -- ClassKit's order: report everything, then name the headline
    activity.quantity("streak", 3, "Best streak")
    activity.score("correct", 7, 10, "Correct answers")
    activity.primary("correct")
  end,
  ["named-before-set"] = function()  -- named while another item is the default, set later
    activity.quantity("streak", 3, "Best streak")
    activity.primary("correct")
    activity.score("correct", 7, 10, "Correct answers")
  end,
  ["named-first"] = function()
    activity.primary("correct")
    activity.quantity("streak", 3, "Best streak")
    activity.score("correct", 7, 10, "Correct answers")
  end,
  ["binary-title"] = function()
    activity.binary("passed", true, "passFail", "Passed the quiz")
    activity.binary("passed", false)  -- keeps the title
    activity.binary("certain", true, nil, "Sure of it")
  end,
  ["locked"] = function()
    activity.score("correct", 7, 10)
    activity.primary("correct")
    activity.quantity("streak", 3)
    activity.primary("streak")  -- line 27: a second choice of another kind
  end,
  ["locked-unset"] = function()
    activity.score("correct", 7, 10)
    activity.primary("correct")
    activity.primary("streak")  -- line 32: its kind can only be checked later
    activity.quantity("streak", 3)
  end,
}
return {
  id = "PRIMARY", title = "Primary",
  play = function()
    activity.start()
    ways[ask("way?")]()
    activity.finish()
  end,
}
