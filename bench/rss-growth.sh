#!/usr/bin/env bash
# Leak or warm-up? Starts a tenki binary (TENKI_BIN, default this checkout's release build) against
# `tenki fakes`, then alternates short wrk bursts (c50) with VmRSS readings, printing RSS against the
# cumulative number of requests. A leak grows with the requests; warm-up flattens out.
#
# usage: bench/rss-growth.sh [--steps 12] [--step-seconds 2] [--out DIR]     (loopback only, bounded)
set -uo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
PEERS="$(cd "${PEERS:-$ROOT/../shared/peers}" && pwd)"
PY="${VENV:-/tmp/peers-venv}/bin/python"
STEPS=12; STEP_SECONDS=2; PORT="${PORT:-18140}"; OUT="/tmp/tenki-rss/$(date +%Y%m%d-%H%M%S)"
while [ $# -gt 0 ]; do
  case "$1" in
    --steps) STEPS="$2"; shift 2 ;;
    --step-seconds) STEP_SECONDS="$2"; shift 2 ;;
    --out) OUT="$2"; shift 2 ;;
    *) echo "rss-growth.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
mkdir -p "$OUT/state"
export SLACK_SIGNING_SECRET="${SLACK_SIGNING_SECRET:-benchsecret}"
export TENKI_BIN="${TENKI_BIN:-$ROOT/.build/release/tenki}"
FAKES_PID=""; SERVER_PID=""
# shellcheck source=bench/fakes.sh
. "$HERE/fakes.sh"
trap stop_server_and_fakes EXIT
start_fakes "$TENKI_BIN" "$OUT" rss-growth.sh || exit 1
export_server_settings "$OUT/state/tenki.sqlite"
taskset -c 0 "$TENKI_BIN" serve --host 127.0.0.1 --port "$PORT" >"$OUT/server.log" 2>&1 &
SERVER_PID=$!
eval "$("$PY" "$PEERS/sign.py" --shell)"
for _ in $(seq 1 200); do
  code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 -X POST -H 'Content-Type: application/x-www-form-urlencoded' \
    -H "X-Slack-Request-Timestamp: $SLASH_TS" -H "X-Slack-Signature: $SLASH_SIG" --data-raw "$SLASH_BODY" \
    "http://127.0.0.1:$PORT/slack/commands")
  [ "$code" = 200 ] && break; sleep 0.05
done
rss() { awk '/^VmRSS:/ {print $2}' /proc/"$SERVER_PID"/status; }
total=1
echo "| requests so far | VmRSS MiB |"
echo "|--:|--:|"
printf '| %s | %.1f |\n' "$total" "$(echo "$(rss) / 1024" | bc -l)"
for ((i = 1; i <= STEPS; i++)); do
  n=$(taskset -c 1 wrk -t1 -c50 -d"${STEP_SECONDS}s" -s "$PEERS/slash.lua" "http://127.0.0.1:$PORT/slack/commands" 2>/dev/null \
    | sed -n 's/^WRKSTAT requests=\([0-9]*\).*/\1/p')
  total=$((total + ${n:-0}))
  printf '| %s | %.1f |\n' "$total" "$(echo "$(rss) / 1024" | bc -l)"
done
