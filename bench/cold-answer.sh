#!/usr/bin/env bash
# How long a /weather answer takes when the upstream is a realistic 100 ms away (`tenki fakes
# --latency-ms 100`): a never-seen place (geocoding, then the weather: ≈ 2 round trips); the same
# places after a restart of `tenki serve` on the same state file, their weather still fresh there
# (no round trip); then in ROUNDS rounds (default 5) a restart with the stored weather deleted, as
# if its 10 minutes had passed (the geocoding answers are read into memory at start: ≈ 1 round trip). Prints each command's time (curl's time_total, signed like Slack signs) and the upstream calls and
# geocoding-store lookups from /metrics. A measurement, not a test; loopback only; stops what it starts.
#   bench/cold-answer.sh [path/to/tenki]      (default: the debug build)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-$(swift build --show-bin-path)/tenki}
work=$(mktemp -d)
fakes_port=${FAKES_PORT:-19491} port=${TENKI_PORT:-18491} secret=cold-answer-secret
places=(Danang Tokyo London Chicago Seattle Sydney Hamburg)
serve_pid="" fakes_pid=""
cleanup() {
    [ -n "$serve_pid" ] && kill "$serve_pid" 2>/dev/null
    [ -n "$fakes_pid" ] && kill "$fakes_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

"$bin" fakes --port "$fakes_port" --latency-ms 100 >"$work/fakes.out" 2>/dev/null & fakes_pid=$!
for _ in $(seq 50); do grep -q OPENWEATHER_API_KEY "$work/fakes.out" 2>/dev/null && break; sleep 0.1; done

start_serve() {
    : >"$work/serve.log"
    SLACK_SIGNING_SECRET=$secret TENKI_STATE="$work/state.sqlite" TENKI_USER_RATE_LIMIT=0 TENKI_REPLAY_CACHE_ENTRIES=0 \
    OPENWEATHER_BASE_URL=http://127.0.0.1:$fakes_port OPENWEATHER_API_KEY=demo-key \
        "$bin" serve --host 127.0.0.1 --port "$port" --no-scheduler 2>"$work/serve.log" & serve_pid=$!
    for _ in $(seq 100); do grep -q "msg=listening" "$work/serve.log" 2>/dev/null && return; sleep 0.1; done
    echo "cold-answer.sh: tenki serve did not start:" >&2; cat "$work/serve.log" >&2; exit 1
}
stop_serve() { kill "$serve_pid"; wait "$serve_pid" 2>/dev/null || true; serve_pid=""; }

weather() { # place -> prints "place  milliseconds"
    local body="command=%2Fweather&text=$1&user_id=U1&team_id=T1"
    body+="&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1%2F1%2Fx"
    local ts sig seconds
    ts=$(date +%s)
    sig=$(printf 'v0:%s:%s' "$ts" "$body" | openssl dgst -sha256 -hmac "$secret" -r | cut -d' ' -f1)
    seconds=$(curl -s -o "$work/answer.json" -w '%{time_total}' "http://127.0.0.1:$port/slack/commands" \
        -H "X-Slack-Request-Timestamp: $ts" -H "X-Slack-Signature: v0=$sig" --data "$body")
    grep -q '"text"' "$work/answer.json" || { echo "cold-answer.sh: no answer for $1: $(cat "$work/answer.json")" >&2; exit 1; }
    awk -v place="$1" -v s="$seconds" 'BEGIN { printf "  %-8s %6.1f ms\n", place, s * 1000 }'
}

metrics() { curl -s "http://127.0.0.1:$port/metrics" >"$work/$1"; }

# What the measured commands did, as the difference between two /metrics snapshots: upstream
# calls, geocoding lookups, and Tenki's own share (the commands' time in serve, request complete
# to response, minus the time their upstream calls took: curl, loopback and the fake's sleep are
# not in it). The warm-up command before the first snapshot is left out.
measured() {
    # /metrics is rebuilt at most once a second (MetricsRegistry.expositionMaxAge): a snapshot
    # taken sooner after the first would repeat it.
    sleep 1.1
    metrics after.txt
    awk 'FNR == NR { before[$1] = $2; next }
         /^tenki_(upstream_calls_total\{upstream="openweather"|cache_lookups_total\{cache="(geocoding|weather))/ {
             if ($2 - before[$1] > 0) printf "  %s %d\n", $1, $2 - before[$1] }
         /^tenki_http_request_duration_seconds_sum\{route="commands"\}/ { request = $2 - before[$1] }
         /^tenki_http_request_duration_seconds_count\{route="commands"\}/ { count = $2 - before[$1] }
         /^tenki_upstream_duration_seconds_sum/ { upstream += $2 - before[$1] }
         END { if (count > 0) printf "  Tenki itself: %.2f ms per command (%.1f ms in serve, %.1f ms of it upstream)\n",
               (request - upstream) * 1000 / count, request * 1000 / count, upstream * 1000 / count }' \
        "$work/before.txt" "$work/after.txt"
}

# The first command of a process pays for warming up (first TLS-free connection to the fakes,
# first use of each code path); it is sent and left out of the figures.
warm_up() {
    weather "10.0%2C10.0" >/dev/null
    metrics before.txt
}

start_serve
warm_up
echo "== never-seen places (cold: geocoding + weather)"
for place in "${places[@]}"; do weather "$place"; done
measured
stop_serve

start_serve
warm_up
echo "== the same places after a restart, their weather still fresh in the state file"
for place in "${places[@]}"; do weather "$place"; done
measured
stop_serve

# Each round deletes the stored weather first, as 10 minutes would, so it asks OpenWeatherMap again,
# with the geocoding answers read from the state file: ROUNDS restarts of seven commands each.
for round in $(seq "${ROUNDS:-5}"); do
    python3 -c 'import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute("DELETE FROM weather_answers"); c.commit()' \
        "$work/state.sqlite"
    start_serve
    warm_up
    echo "== the same places after restart $round of serve, the stored weather deleted (geocoding answers read at start)"
    for place in "${places[@]}"; do weather "$place"; done
    measured
    stop_serve
done
