-- table.concat over 1e12 elements that each come from an __index that is a C function
-- returning "" (table.concat of a table with no length): no Lua instruction runs and
-- nothing is allocated, so neither the hook nor the memory cap can stop stock concat.
local endless = setmetatable({}, { __index = table.concat })
return table.concat(endless, "", 1, 1e12)
