while true do print(("x"):rep(1000)) end
