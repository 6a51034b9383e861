-- print must keep the text of each argument alive while it copies it. A __tostring
-- result is referenced by nothing else; with the state a few bytes under its memory
-- cap, growing print's line runs an emergency collection, which frees every string
-- that has left the stack. The host's squeeze() sets the cap to what the state holds
-- now plus 8 bytes; `spare` is the garbage that collection can free instead.
-- Arguments: the text's size, and how print is called (1, 2 or 3).
local size, shape = ...
local spare = ("g"):rep(size * 3)
local object = setmetatable({}, { __tostring = function()
  local text = ("x"):rep(size)
  squeeze()
  spare = nil
  return text
end })
if shape == 1 then
  print(object)
elseif shape == 2 then
  print("before", object, 42, nil, true)
else
  print(("y"):rep(3000), object, ("z"):rep(2000))
end
