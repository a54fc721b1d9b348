#!/usr/bin/env bash
# How many upstream round trips a 10-city digest takes: `tenki digest --dry-run --force` (fetch,
# build, print; nothing queued or posted) for ten places, seven names and three coordinate pairs,
# with `tenki fakes` answering every call after LATENCY_MS (100) and again after 0 ms. The
# difference between the two is the time spent waiting for the upstream; divided by LATENCY_MS it
# is the number of round trips the digest waited for one after another. First on a fresh state
# file (the names are geocoded: 2 round trips expected), then ROUNDS (3) times on a state file where
# an earlier digest stored the places' geocoding answers and its stored weather was deleted, as 10
# minutes would (1 round trip expected). A measurement, not
# a test; loopback only; stops what it starts.
#   bench/digest-latency.sh [path/to/tenki]      (default: the release build)
#   ROUNDS=5 LATENCY_MS=200 bench/digest-latency.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/release/tenki}
rounds=${ROUNDS:-3} latency=${LATENCY_MS:-100}
work=$(mktemp -d)
cities="Danang;Tokyo;London;Chicago;Seattle;Sydney;Hamburg;21.03,105.85;10.82,106.63;35.01,135.77"
slow_pid="" fast_pid=""
cleanup() {
    [ -n "$slow_pid" ] && kill "$slow_pid" 2>/dev/null
    [ -n "$fast_pid" ] && kill "$fast_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

start_fakes() {  # $1 = latency in ms, $2 = output file; sets started_pid
    "$bin" fakes --port 0 --latency-ms "$1" >"$2" 2>/dev/null & started_pid=$!
    for _ in $(seq 100); do grep -q '^OPENWEATHER_BASE_URL=' "$2" 2>/dev/null && return 0; sleep 0.05; done
    echo "digest-latency: tenki fakes did not start" >&2; exit 1
}
start_fakes "$latency" "$work/slow.out"; slow_pid=$started_pid
start_fakes 0 "$work/fast.out"; fast_pid=$started_pid
key=$(sed -n 's/^OPENWEATHER_API_KEY=//p' "$work/slow.out")

# One dry run against the fakes in $1 on state file $2: its wall time in ms (the JSON must name Da Nang).
digest_ms() {
    local url start end
    url=$(sed -n 's/^OPENWEATHER_BASE_URL=//p' "$1")
    start=$(date +%s%N)
    TENKI_STATE="$2" OPENWEATHER_BASE_URL="$url" OPENWEATHER_API_KEY="$key" DIGEST_CITIES="$cities" \
        DIGEST_WEBHOOK_URL=http://127.0.0.1:9/digest-latency NEWSAPI_KEY='' TENKI_LOG_LEVEL=warning \
        "$bin" digest --dry-run --force >"$work/digest.json" 2>"$work/digest.log" \
        || { echo "digest-latency: tenki digest failed:" >&2; cat "$work/digest.log" >&2; exit 1; }
    end=$(date +%s%N)
    grep -q "Da Nang" "$work/digest.json" || { echo "digest-latency: no Da Nang in the digest:" >&2; head -c 600 "$work/digest.json" >&2; exit 1; }
    echo $(((end - start) / 1000000))
}

report() {  # $1 = label, $2 = state file for the slow run, $3 = state file for the fast run
    local slow fast
    slow=$(digest_ms "$work/slow.out" "$2"); fast=$(digest_ms "$work/fast.out" "$3")
    awk -v l="$1" -v s="$slow" -v f="$fast" -v r="$latency" \
        'BEGIN { printf "| %s | %d ms | %d ms | %d ms | %.2f |\n", l, s, f, s - f, (s - f) / r }'
}

echo "10-city digest (tenki digest --dry-run --force), upstream ${latency} ms away against 0 ms away:"
echo
echo "| run | upstream ${latency} ms | upstream 0 ms | waited | round trips |"
echo "|---|--:|--:|--:|--:|"
report "fresh state file" "$work/fresh-slow.sqlite" "$work/fresh-fast.sqlite"
# A dry run writes nothing, the geocoding answers included: one real run (posted to the fake's
# webhook, upstream 0 ms away) stores them, as the first digest of a deployment does.
fast_url=$(sed -n 's/^OPENWEATHER_BASE_URL=//p' "$work/fast.out")
TENKI_STATE="$work/primed.sqlite" OPENWEATHER_BASE_URL="$fast_url" OPENWEATHER_API_KEY="$key" DIGEST_CITIES="$cities" \
    DIGEST_WEBHOOK_URL="$fast_url/services/T0FAKE/B0FAKE/fakefakefake" NEWSAPI_KEY='' TENKI_LOG_LEVEL=warning \
    "$bin" digest --force >/dev/null 2>"$work/primed.log" \
    || { echo "digest-latency: the priming digest failed:" >&2; cat "$work/primed.log" >&2; exit 1; }
# It stored the weather too: deleted, as its 10 minutes would, so the runs measure places seen before.
python3 -c 'import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute("DELETE FROM weather_answers"); c.commit()' \
    "$work/primed.sqlite"
for round in $(seq "$rounds"); do
    report "places stored by an earlier digest, run $round" "$work/primed.sqlite" "$work/primed.sqlite"
done
