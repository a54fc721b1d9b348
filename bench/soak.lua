-- wrk script for bench/soak.sh: slash.lua's signed POST (it reads the same SLASH_* variables), and a
-- check of EVERY response that costs wrk little (plain substring finds, no normalisation), so the
-- soak stays at full load: status 200 and the body holding Tenki's Da Nang answer. slash.lua's full
-- check (SLASH_CHECK=1) normalises each body with gsub, which made wrk the bottleneck at c50.
-- done() prints slash.lua's WRKSTAT line with checked/ok/bad, and one WRKBAD sample if any.

local function need(name)
  local v = os.getenv(name)
  if v == nil or v == "" then
    io.stderr:write("soak.lua: environment variable " .. name .. " is not set\n")
    os.exit(2)
  end
  return v
end

wrk.method = "POST"
wrk.body = need("SLASH_BODY")
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
wrk.headers["X-Slack-Request-Timestamp"] = need("SLASH_TS")
wrk.headers["X-Slack-Signature"] = need("SLASH_SIG")

local threads = {}
function setup(thread) table.insert(threads, thread) end

checked, ok, bad, first_bad = 0, 0, 0, nil
local MUST = { '"type":"header"', 'Da Nang, VN', '32 \194\176C', '"type":"section"' }

function response(status, headers, body)
  checked = checked + 1
  local good = status == 200 and body ~= nil
  if good then
    for i = 1, #MUST do
      if not string.find(body, MUST[i], 1, true) then good = false; break end
    end
  end
  if good then
    ok = ok + 1
  else
    bad = bad + 1
    if first_bad == nil then first_bad = tostring(status) .. " " .. string.sub(tostring(body), 1, 200) end
  end
end

function done(summary, latency, requests)
  local e = summary.errors
  local c, o, b, fb = 0, 0, 0, nil
  for _, t in ipairs(threads) do
    c = c + (t:get("checked") or 0); o = o + (t:get("ok") or 0); b = b + (t:get("bad") or 0)
    fb = fb or t:get("first_bad")
  end
  if fb ~= nil then io.write("WRKBAD " .. fb .. "\n") end
  io.write(string.format(
    "WRKSTAT requests=%d duration_us=%d rps=%.2f p50_us=%d p90_us=%d p99_us=%d max_us=%d connect=%d read=%d write=%d timeout=%d non2xx=%d checked=%d ok=%d bad=%d\n",
    summary.requests, summary.duration, summary.requests / (summary.duration / 1e6),
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max,
    e.connect, e.read, e.write, e.timeout, e.status, c, o, b))
end
