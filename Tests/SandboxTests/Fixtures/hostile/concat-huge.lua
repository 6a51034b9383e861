local parts = {}
for i = 1, 1e6 do parts[i] = ("y"):rep(100) end
return table.concat(parts)
