xpcall(function() while true do end end, function(m) while true do end end)
while true do end
