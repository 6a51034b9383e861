-- cache.lua: a cache that forgets what nothing else holds (weak values), and asks the
-- collector to run when it is told to free memory, as caching libraries do.
local cache = { hits = 0, misses = 0 }
local store = setmetatable({}, { __mode = "v" })

function cache.get(key, make)
  local value = store[key]
  if value ~= nil then
    cache.hits = cache.hits + 1
    return value
  end
  cache.misses = cache.misses + 1
  value = make(key)
  store[key] = value
  return value
end

function cache.size()
  local n = 0
  for _ in pairs(store) do n = n + 1 end
  return n
end

function cache.flush()
  collectgarbage("collect")
  collectgarbage()
  return cache.size()
end

return cache
