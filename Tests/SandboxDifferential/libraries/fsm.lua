-- fsm.lua: a finite state machine with events, callbacks (onbefore<event>, onenter<state>)
-- and an async transition held with a continuation, the lua-state-machine kind.
local fsm = {}
fsm.NO_TRANSITION = "no transition"
fsm.ASYNC = "async"

local function call(callback, ...)
  if callback then return callback(...) end
end

local function build_event(name, map)
  return function(self, ...)
    local from = self.current
    local to = map[from] or map["*"]
    if not to then return false, fsm.NO_TRANSITION end
    if self.pending then error("previous transition still pending", 2) end
    if call(self["onbefore" .. name], self, name, from, to, ...) == false then return false, "cancelled" end
    local args = table.pack(...)
    local function finish()
      self.current = to
      self.pending = nil
      call(self["onenter" .. to], self, name, from, to, table.unpack(args, 1, args.n))
      call(self.onstatechange, self, name, from, to)
      return true
    end
    if call(self["onleave" .. from], self, name, from, to, ...) == fsm.ASYNC then
      self.pending = finish
      return true, fsm.ASYNC
    end
    return finish()
  end
end

function fsm.create(cfg)
  local machine = { current = cfg.initial or "none", events = {} }
  for _, event in ipairs(cfg.events) do
    local map = machine.events[event.name] or {}
    local from = type(event.from) == "table" and event.from or { event.from }
    for _, f in ipairs(from) do map[f] = event.to end
    machine.events[event.name] = map
    machine[event.name] = build_event(event.name, map)
  end
  for name, callback in pairs(cfg.callbacks or {}) do machine[name] = callback end
  function machine:is(state) return self.current == state end
  function machine:can(event)
    local map = self.events[event]
    return map ~= nil and (map[self.current] or map["*"]) ~= nil and not self.pending
  end
  function machine:transition()
    if self.pending then return self.pending() end
    return false
  end
  return machine
end

return fsm
