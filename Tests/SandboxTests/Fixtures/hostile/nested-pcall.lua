local function spin() while true do end end
while true do
  pcall(pcall, pcall, spin)
end
