local err = setmetatable({}, { __tostring = function() while true do end end })
error(err)
