-- Runs a third-party library's own test suite as a game (run.sh copies this file, the runner
-- and suite.lua into a copy of the library's checkout). suite.lua says which files to run and
-- how: "spec" files through spec_runner.lua (busted's and telescope's forms), "plain" files
-- (scripts that assert or print their own results) with dofile, with the global `arg` that
-- lua5.4 gives a script run without arguments.
local suite = require("suite")

local function play()
  if suite.kind == "plain" then
    for _, file in ipairs(suite.files) do
      arg = { [0] = file }
      dofile(file)
      print(file .. ": done")
    end
  else
    local _, failed = require("spec_runner").run(suite.files, loadfile)
    if failed > 0 then error(failed .. " specs failed", 0) end
  end
end

return {
  id = "THIRD-PARTY-SUITE",
  title = "A library's own test suite",
  play = function()
    activity.start()
    play()
    activity.finish()
  end,
}
