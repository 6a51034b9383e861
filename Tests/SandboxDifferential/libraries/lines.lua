-- Read by run.lua with io.lines, by stock's formats: lines, numbers, counts.
return {
  12, 3.5, 0x10,
  -7e2, "banana",
}
