-- Fails, then tries to change the failed run from code that runs after the failure.
local function object(tostring)  -- an error object whose text runs script code
  return setmetatable({}, { __tostring = tostring })
end
local ways = {
  ["tostring-finish"] = function()
    error(object(function() activity.finish() return "boom" end))
  end,
  ["tostring-items"] = function()
    error(object(function()
      activity.quantity("hints", 99)
      activity.score("late", 1, 1)
      activity.primary("late")
      activity.progress(1)
      activity.done()
      return "boom"
    end))
  end,
  ["tostring-ask"] = function()
    error(object(function() ask("one more?") activity.finish() return "boom" end))
  end,
  ["tostring-say"] = function()
    error(object(function() say("after the end") activity.finish() return "boom" end))
  end,
  ["close"] = function()
    local guard <close> = setmetatable({}, { __close = function()
      activity.quantity("hints", 99)
      activity.finish()
    end })
    error("boom")
  end,
  ["coroutine"] = function()
    local finish = coroutine.wrap(function() activity.finish() end)
    local inner = coroutine.wrap(function() error(object(function() finish() return "boom" end)) end)
    inner()
  end,
  ["xpcall-limit"] = function()
    xpcall(function() while true do end end, function(e) activity.finish() return e end)
    activity.finish()
  end,
}
return {
  id = "AFTERMATH", title = "Aftermath",
  play = function()
    activity.start()
    activity.quantity("hints", 1)
    ways[ask("way?")]()
  end,
}
