-- Table sort: table.sort with and without a comparator over pseudo-random
-- integers (a fixed LCG, not math.random, so both sides sort the same data).
return function(n)
  local sum = 0
  for round = 1, n do
    local items, seed = {}, round
    for i = 1, 2000 do
      seed = (seed * 1103515245 + 12345) % 2147483648
      items[i] = seed % 100000
    end
    table.sort(items)
    table.sort(items, function(a, b) return a > b end)
    sum = sum + items[1] + items[#items]
  end
  return sum
end
