local t = setmetatable({}, {})
getmetatable(t).__index = function(self, k) return self[k .. "x"] end
return t.a
