-- wrk's script for `npm run bench`: every connection asks the URLs of WRK_LIST (one path a line) in turn,
-- each thread from its own place in the list, and the run ends with one line of JSON for the bench.
-- Requests are formatted once, with wrk's own headers (-H), so the script costs nothing per request.
local paths = {}
for line in io.lines(os.getenv("WRK_LIST")) do
  if #line > 0 then paths[#paths + 1] = line end
end

local threads = 0
function setup(thread)
  thread:set("offset", threads)
  threads = threads + 1
end

local requests = {}
local at = 0
function init()
  for i, path in ipairs(paths) do requests[i] = wrk.format("GET", path) end
  at = (tonumber(offset) or 0) * math.floor(#requests / 2)
end

function request()
  at = at % #requests + 1
  return requests[at]
end

function done(summary, latency)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"errors":%d,"non2xx":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.timeout, e.status))
end
