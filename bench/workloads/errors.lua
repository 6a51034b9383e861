-- Errors: pcall(error, ...) in a loop, the error path a game takes when it
-- checks an answer with pcall or validates its input with error(). The
-- sandbox replaces pcall (Sources/LuaShim/baselib.c) so that a limit error
-- passes through it; an ordinary error must cost what it costs in stock Lua.
return function(n)
  local caught = 0
  for i = 1, n do
    for j = 1, 100 do
      local ok, message = pcall(error, "not a number", 0)
      if not ok and message == "not a number" then caught = caught + 1 end
      local ok2, object = pcall(error, { code = j })
      if not ok2 and object.code == j then caught = caught + j % 3 end
    end
  end
  return caught
end
