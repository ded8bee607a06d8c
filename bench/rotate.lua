-- wrk script of bench/cold.sh: every request takes the next URL path of
-- the file named by URLS (one path a line), so that concurrent requests
-- ask for distinct pages; it counts the X-Cache answers and prints the
-- figures cold.sh reports.
local paths = {}
local i = 0
sent = 0 -- global, as count and states: done() reads them with thread:get
states = {}
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  for line in io.lines(os.getenv("URLS")) do
    table.insert(paths, line)
  end
  count = #paths
end

function request()
  sent = sent + 1
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end

function response(status, headers, body)
  local s = (headers["X-Cache"] or headers["x-cache"] or "none") .. " " .. status
  states[s] = (states[s] or 0) + 1
end

function done(summary, latency, requests)
  local secs = summary.duration / 1e6
  io.write(string.format("requests %d in %.1fs: %.1f req/s\n", summary.requests, secs, summary.requests / secs))
  io.write(string.format("latency p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms\n",
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
  io.write(string.format("errors: connect %d, read %d, write %d, timeout %d, status %d\n",
    summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.timeout, summary.errors.status))
  local again = 0
  for _, t in ipairs(threads) do
    again = again + math.max(0, t:get("sent") - t:get("count"))
  end
  if again > 0 then
    io.write(string.format("asked again: %d requests (the list ran out: shorten the run for cold figures)\n", again))
  end
  for _, t in ipairs(threads) do
    local st = t:get("states")
    for k, v in pairs(st) do
      io.write(string.format("answers X-Cache/status %s: %d\n", k, v))
    end
  end
end
