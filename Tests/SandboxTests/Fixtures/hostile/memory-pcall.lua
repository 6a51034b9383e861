while true do
  local ok = pcall(string.rep, "x", 1e9)
end
