-- The library suite as a game: `make test-differential` plays it with `edujam play` and
-- runs run.lua under stock lua5.4 from this folder, and compares what both print.
return {
  id = "LIBRARIES",
  title = "Library suite",
  play = function()
    activity.start()
    require("run")
    activity.finish()
  end,
}
