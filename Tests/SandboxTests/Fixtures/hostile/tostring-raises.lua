local err = setmetatable({}, { __tostring = function() error("nested") end })
error(err)
