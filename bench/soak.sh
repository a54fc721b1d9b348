#!/usr/bin/env bash
# Soak: Tenki at full load for a while, sampling its memory and descriptors, checking every response.
#
#   - builds the release binary (skip with --no-build), starts `tenki fakes`, then `tenki serve`
#     (settings of bench/fakes.sh, pinned to CPU 0 like the benchmark; wrk on CPU 1)
#   - runs wrk -t1 -c50 back to back in segments (default 60 s each), re-signing the request before
#     each one (Slack's timestamp tolerance is 5 minutes); soak.lua checks EVERY response
#     (status 200 and Tenki's Da Nang answer, with plain substring finds cheap enough for full load)
#   - every --interval seconds samples VmRSS and VmHWM (/proc/PID/status) and the open descriptors
#     (/proc/PID/fd) into samples.tsv
#   - at the end: a flipped signature must get 401, and a good one 200
#   - prints soak_report.py's summary: RSS flat within 10% after the first minute (warm-up); descriptors
#     back to the idle count between segments and never above idle + connections; every response ok
#
# usage: bench/soak.sh [--duration 300] [--segment 60] [--interval 5] [--connections 50] [--no-build] [--out DIR]
# Durations in seconds. Every loop is bounded; only 127.0.0.1 is contacted.
set -uo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
PEERS="$(cd "${PEERS:-$ROOT/../shared/peers}" && pwd)"
PY="${VENV:-/tmp/peers-venv}/bin/python"
DURATION=300; SEGMENT=60; INTERVAL=5; CONNECTIONS=50; BUILD=1; PORT="${PORT:-18130}"
OUT="/tmp/tenki-soak/$(date +%Y%m%d-%H%M%S)"
while [ $# -gt 0 ]; do
  case "$1" in
    --duration) DURATION="$2"; shift 2 ;;
    --segment) SEGMENT="$2"; shift 2 ;;
    --interval) INTERVAL="$2"; shift 2 ;;
    --connections) CONNECTIONS="$2"; shift 2 ;;
    --no-build) BUILD=0; shift ;;
    --out) OUT="$2"; shift 2 ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    *) echo "soak.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
mkdir -p "$OUT"
export SLACK_SIGNING_SECRET="${SLACK_SIGNING_SECRET:-benchsecret}"
export TENKI_BIN="${TENKI_BIN:-$ROOT/.build/release/tenki}"
mkdir -p "$OUT/state"
if [ "$BUILD" = 1 ]; then "$HERE/release-build.sh" >/dev/null || exit 1; fi
PIN_SERVER=(); PIN_WRK=()
if [ "$(nproc)" -ge 2 ] && command -v taskset >/dev/null; then PIN_SERVER=(taskset -c 0); PIN_WRK=(taskset -c 1); fi

FAKES_PID=""; SERVER_PID=""; SAMPLER_PID=""
# shellcheck disable=SC2317 # called by the EXIT trap
cleanup() {
  [ -n "$SAMPLER_PID" ] && kill "$SAMPLER_PID" 2>/dev/null
  stop_server_and_fakes
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# shellcheck source=bench/fakes.sh
. "$HERE/fakes.sh"
start_fakes "$TENKI_BIN" "$OUT" soak.sh || exit 1

export_server_settings "$OUT/state/tenki.sqlite"
"${PIN_SERVER[@]}" "$TENKI_BIN" serve --host 127.0.0.1 --port "$PORT" >"$OUT/server.log" 2>&1 &
SERVER_PID=$!

sign() { eval "$("$PY" "$PEERS/sign.py" --shell)"; }
post() {  # $1 = signature -> HTTP status
  curl -s -o "$OUT/last-body.json" -w '%{http_code}' --max-time 2 -X POST -H 'Content-Type: application/x-www-form-urlencoded' \
    -H "X-Slack-Request-Timestamp: $SLASH_TS" -H "X-Slack-Signature: $1" --data-raw "$SLASH_BODY" \
    "http://127.0.0.1:$PORT/slack/commands"
}
sign
code=""
for _ in $(seq 1 200); do code=$(post "$SLASH_SIG"); [ "$code" = 200 ] && break; sleep 0.05; done
[ "$code" = 200 ] || { echo "soak.sh: server not ready (last HTTP $code; see $OUT/server.log)" >&2; exit 1; }

START=$(date +%s)
sample() {  # bounded: stops after DURATION + 2 intervals, or when the server is gone
  local t rss hwm fds
  printf 'elapsed_s\trss_kb\thwm_kb\tfds\n' >"$OUT/samples.tsv"
  while [ $(( $(date +%s) - START )) -le $((DURATION + 2 * INTERVAL)) ] && kill -0 "$SERVER_PID" 2>/dev/null; do
    t=$(( $(date +%s) - START ))
    rss=$(awk '/^VmRSS:/ {print $2}' /proc/"$SERVER_PID"/status 2>/dev/null)
    hwm=$(awk '/^VmHWM:/ {print $2}' /proc/"$SERVER_PID"/status 2>/dev/null)
    fds=$(find /proc/"$SERVER_PID"/fd -mindepth 1 -maxdepth 1 2>/dev/null | wc -l)
    printf '%s\t%s\t%s\t%s\n' "$t" "${rss:-0}" "${hwm:-0}" "$fds" >>"$OUT/samples.tsv"
    sleep "$INTERVAL"
  done
}
sample &
SAMPLER_PID=$!

segment=0
while [ $(( $(date +%s) - START )) -lt "$DURATION" ]; do
  segment=$((segment + 1))
  left=$(( DURATION - ($(date +%s) - START) ))
  secs=$(( left < SEGMENT ? left : SEGMENT ))
  [ "$secs" -ge 1 ] || break
  sign
  timeout --kill-after=5 $((secs + 30)) "${PIN_WRK[@]}" wrk -t1 -c"$CONNECTIONS" -d"${secs}s" --timeout 5s --latency \
    -s "$HERE/soak.lua" "http://127.0.0.1:$PORT/slack/commands" >"$OUT/wrk-$segment.txt" 2>&1
  grep '^WRKSTAT' "$OUT/wrk-$segment.txt" | sed "s/^/segment $segment: /"
  grep '^WRKBAD' "$OUT/wrk-$segment.txt" | head -1
done
kill "$SAMPLER_PID" 2>/dev/null; wait "$SAMPLER_PID" 2>/dev/null; SAMPLER_PID=""

sign
bad_sig="${SLASH_SIG%?}$([ "${SLASH_SIG: -1}" = 0 ] && echo 1 || echo 0)"
code_bad=$(post "$bad_sig"); code_good=$(post "$SLASH_SIG")
echo "after the soak: flipped signature -> $code_bad (want 401), good signature -> $code_good (want 200)"

echo
"$PY" "$HERE/soak_report.py" "$OUT" "$CONNECTIONS" "$code_bad" "$code_good"
STATUS=$?
echo "output: $OUT (samples.tsv, wrk-*.txt, server.log)"
exit $STATUS
