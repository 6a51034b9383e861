-- Runs one workload in the stock lua5.4 interpreter for edujam-bench.
--
-- usage: lua5.4 bench/stock-runner.lua WORKLOAD.lua N
-- Loads the workload (a chunk returning run(n)), runs it once to warm up and
-- prints the checksum. Then, for each line read on stdin, times one run(n)
-- with os.clock and prints the seconds. The benchmark drives it a repetition
-- at a time, so stock and sandbox repetitions can be interleaved.
local path, n = arg[1], math.tointeger(tonumber(arg[2]))
local run = assert(loadfile(path, "t"))()
print(tostring(run(n)))
io.stdout:flush()
for _ in io.lines() do
  local start = os.clock()
  run(n)
  print(string.format("%.9f", os.clock() - start))
  io.stdout:flush()
end
