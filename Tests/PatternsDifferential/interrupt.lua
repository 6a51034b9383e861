-- interrupt.lua: shared by cases.lua and table-cases.lua, which count what these return.
local interrupt = {}

-- Calls f(...) once the caller has armed the test double (ej.arm_calls or
-- ej.arm_deadline), disarms it, prints one line, and returns whether the call was
-- stopped by the interrupt within limit_seconds.
function interrupt.stopped_in_time(label, limit_seconds, f, ...)
  local before = ej.interrupts()
  local t0 = ej.now()
  local ok, err = pcall(f, ...)
  local elapsed = ej.now() - t0
  ej.arm_calls(0); ej.arm_deadline(0)
  local checks = ej.interrupts() - before
  local good = not ok and type(err) == "string" and err:find(ej.interrupt_message, 1, true)
      and elapsed < limit_seconds
  print(("interrupt %-44s %s after %.4f s, %d checks"):format(label,
    good and "stopped" or "NOT STOPPED", elapsed, checks))
  if not good then print("  got: " .. tostring(ok) .. " " .. tostring(err)) end
  return good
end

-- Runs f (ordinary long work, nothing armed): true if it checked for the interrupt.
function interrupt.checked_along_the_way(label, f)
  local before = ej.interrupts()
  f()
  if ej.interrupts() > before then return true end
  print("no interrupt checks during " .. label)
  return false
end

return interrupt
