#!/usr/bin/env bash
# Charts under load: 1,000 distinct signed chart URLs (bench/charts_load.py) against a release
# build of `tenki serve` with TENKI_PUBLIC_URL set; prints p50/p90/p99 latency per chart and the
# server's RSS (before, after the first 10 %, at the end, peak). No upstream is involved: drawing
# never calls one. Usage: bench/charts.sh [--no-build] [COUNT] [CLIENTS]
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--no-build" ]; then shift; else bench/release-build.sh >/dev/null; fi
bin="$PWD/.build/release/tenki"
count="${1:-1000}" clients="${2:-4}"
port=$(( 20000 + RANDOM % 20000 ))
secret=charts-bench-secret
log="$(mktemp -t tenki-charts-bench.XXXXXX)"
state="$(mktemp -d -t tenki-charts-state.XXXXXX)"
SLACK_SIGNING_SECRET="$secret" TENKI_PUBLIC_URL="http://127.0.0.1:$port" OPENWEATHER_API_KEY=unused \
    TENKI_STATE="$state/tenki.sqlite" TENKI_SCHEDULER=off TENKI_LOG_LEVEL=warning \
    "$bin" serve --host 127.0.0.1 --port "$port" 2>"$log" &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; rm -rf "$state" "$log"' EXIT
for _ in $(seq 100); do
    curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
    sleep 0.1
done
echo "tenki serve (pid $server) on port $port, $(nproc) cores; $count charts from $clients clients"
python3 bench/charts_load.py "http://127.0.0.1:$port" "$secret" "$server" "$count" "$clients"
