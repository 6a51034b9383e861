local M = {}

function M.first()
  return pritn("apple")
end

return M
