#!/usr/bin/env bash
# Upstream calls for the examples of docs/chat.md ("Using Tenki in Slack"), sent in order to `tenki serve`
# with `tenki fakes` behind it: once on a fresh state file, then again after a restart of serve on
# the same file, where the second pass pays no geocoding call for a place seen before, nor a weather
# or forecast call for one asked about less than 10 (30) minutes ago (serve keeps geocoding answers,
# and the weather while it is fresh, in the state file). Prints the calls by upstream and operation for each pass,
# from /metrics. A measurement, not a test; loopback only.
#   bench/readme-calls.sh [path/to/tenki]      (default: the debug build)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-$(swift build --show-bin-path)/tenki}
work=$(mktemp -d)
fakes_port=${FAKES_PORT:-19492} port=${TENKI_PORT:-18492} secret=readme-calls-secret
serve_pid="" fakes_pid=""
cleanup() {
    [ -n "$serve_pid" ] && kill "$serve_pid" 2>/dev/null
    [ -n "$fakes_pid" ] && kill "$fakes_pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT

# The README's examples, as /weather or /news and the text after it.
examples=(
    "weather|Danang" "weather|Da Nang, VN" "weather|Đà Nẵng" "weather|東京" "weather|New York" "weather|16.05,108.22"
    "weather|Danang forecast" "weather|Danang hourly" "weather|Danang air" "weather|Chicago °F"
    "news|" "news|tech" "news|ベトナム" "news|swift concurrency"
)

"$bin" fakes --port "$fakes_port" >"$work/fakes.out" 2>/dev/null & fakes_pid=$!
for _ in $(seq 50); do grep -q NEWSAPI_KEY "$work/fakes.out" 2>/dev/null && break; sleep 0.1; done

start_serve() {
    : >"$work/serve.log"
    SLACK_SIGNING_SECRET=$secret TENKI_STATE="$work/state.sqlite" TENKI_USER_RATE_LIMIT=0 TENKI_REPLAY_CACHE_ENTRIES=0 \
    OPENWEATHER_BASE_URL=http://127.0.0.1:$fakes_port OPENWEATHER_API_KEY=demo-key \
    NEWSAPI_BASE_URL=http://127.0.0.1:$fakes_port NEWSAPI_KEY=demo-key \
        "$bin" serve --host 127.0.0.1 --port "$port" --no-scheduler 2>"$work/serve.log" & serve_pid=$!
    for _ in $(seq 100); do grep -q "msg=listening" "$work/serve.log" 2>/dev/null && return; sleep 0.1; done
    echo "readme-calls.sh: tenki serve did not start:" >&2; cat "$work/serve.log" >&2; exit 1
}
stop_serve() { kill "$serve_pid"; wait "$serve_pid" 2>/dev/null || true; serve_pid=""; }

send() { # command text
    local text body ts sig
    text=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$2")
    body="command=%2F$1&text=$text&user_id=U1&team_id=T1&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1%2F1%2Fx"
    ts=$(date +%s)
    sig=$(printf 'v0:%s:%s' "$ts" "$body" | openssl dgst -sha256 -hmac "$secret" -r | cut -d' ' -f1)
    curl -s -o /dev/null "http://127.0.0.1:$port/slack/commands" \
        -H "X-Slack-Request-Timestamp: $ts" -H "X-Slack-Signature: v0=$sig" --data "$body"
}

pass() {
    start_serve
    echo "== $1"
    for example in "${examples[@]}"; do send "${example%%|*}" "${example#*|}"; done
    curl -s "http://127.0.0.1:$port/metrics" | grep -E '^tenki_upstream_calls_total' | sed 's/^/  /'
    curl -s "http://127.0.0.1:$port/metrics" | awk '/^tenki_upstream_calls_total/ { total += $2 }
        END { printf "  %d upstream calls for %d commands\n", total, '"${#examples[@]}"' }'
    stop_serve
}

pass "fresh state file"
pass "the same commands after a restart of serve (same state file)"
