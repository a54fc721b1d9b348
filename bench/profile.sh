#!/usr/bin/env bash
# Profiles the cached /weather request path with valgrind's callgrind (instruction counts: repeatable,
# unlike wall time on a shared machine).
#
#   1. builds the release binary (static Swift runtime, as bench/run.sh) (skip with --no-build; TENKI_BIN to profile another one)
#   2. starts `tenki fakes`, then `tenki serve` under callgrind with instrumentation OFF
#   3. warms up: the first signed /weather danang (geocode + weather through the fake), plus a few more
#   4. turns instrumentation on, sends signed requests with wrk for --duration (default 10 s, -c10), turns it off
#   5. stops the server (callgrind writes its file), prints instructions per request and the
#      top functions by inclusive and by self cost (callgrind_annotate)
#
# usage: bench/profile.sh [--no-build] [--duration 10s] [--out DIR]
# Needs valgrind and wrk (../shared/peers/setup.sh installs wrk; apt-get install valgrind). Loopback only.
set -uo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
PEERS="$(cd "${PEERS:-$ROOT/../shared/peers}" && pwd)"
PY="${VENV:-/tmp/peers-venv}/bin/python"
BUILD=1; DURATION=10s; OUT="/tmp/tenki-profile/$(date +%Y%m%d-%H%M%S)"; PORT="${PORT:-18120}"
while [ $# -gt 0 ]; do
  case "$1" in
    --no-build) BUILD=0; shift ;;
    --duration) DURATION="$2"; shift 2 ;;
    --out) OUT="$2"; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) echo "profile.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
command -v valgrind >/dev/null || { echo "profile.sh: valgrind not found (apt-get install valgrind)" >&2; exit 1; }
mkdir -p "$OUT"
if [ "$BUILD" = 1 ]; then
  (cd "$ROOT" && swift build -c release --static-swift-stdlib 2>&1 | tail -1) || exit 1
fi
BIN="${TENKI_BIN:-$ROOT/.build/release/tenki}"
export SLACK_SIGNING_SECRET="${SLACK_SIGNING_SECRET:-benchsecret}"

FAKES_PID=""; SERVER_PID=""
cleanup() {
  [ -n "$SERVER_PID" ] && kill -TERM "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null
  [ -n "$FAKES_PID" ] && kill -TERM "$FAKES_PID" 2>/dev/null && wait "$FAKES_PID" 2>/dev/null
}
trap cleanup EXIT
. "$HERE/fakes.sh"
start_fakes "$BIN" "$OUT" profile.sh || exit 1

# Valgrind 3.19 crashes on libdispatch's sigsuspend (see valgrind-sigsuspend-shim.c): preload a shim under valgrind only.
SHIM="$OUT/valgrind-sigsuspend-shim.so"
cc -shared -fPIC -O2 -o "$SHIM" "$HERE/valgrind-sigsuspend-shim.c" || { echo "profile.sh: cannot build the shim (needs cc)" >&2; exit 1; }
export TENKI_STATE="$OUT/state.sqlite" TENKI_USER_RATE_LIMIT=0 TENKI_LOG_LEVEL=info
LD_PRELOAD="$SHIM" valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$OUT/callgrind.out" \
  "$BIN" serve --host 127.0.0.1 --port "$PORT" >"$OUT/server.log" 2>&1 &
SERVER_PID=$!

eval "$("$PY" "$PEERS/sign.py" --shell)"
post() { curl -s -o "$OUT/reply.json" -w '%{http_code}' --max-time 5 -X POST -H 'Content-Type: application/x-www-form-urlencoded' \
  -H "X-Slack-Request-Timestamp: $SLASH_TS" -H "X-Slack-Signature: $SLASH_SIG" --data-raw "$SLASH_BODY" \
  "http://127.0.0.1:$PORT/slack/commands"; }
code=""
for _ in $(seq 1 300); do code=$(post); [ "$code" = 200 ] && break; sleep 0.1; done
[ "$code" = 200 ] || { echo "profile.sh: server did not answer 200 (last $code; see $OUT/server.log)" >&2; exit 1; }
for _ in $(seq 1 20); do post >/dev/null; done

callgrind_control -i on "$SERVER_PID" >/dev/null
wrk -t1 -c10 -d"$DURATION" --timeout 10s -s "$PEERS/slash.lua" "http://127.0.0.1:$PORT/slack/commands" >"$OUT/wrk.txt" 2>&1
callgrind_control -i off "$SERVER_PID" >/dev/null
REQUESTS=$(sed -n 's/^WRKSTAT requests=\([0-9]*\).*/\1/p' "$OUT/wrk.txt")
kill -TERM "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null; SERVER_PID=""

TOTAL=$(callgrind_annotate "$OUT/callgrind.out" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1; exit}')
echo "requests under callgrind: $REQUESTS; instructions: $TOTAL; per request: $(( TOTAL / (REQUESTS > 0 ? REQUESTS : 1) ))" | tee "$OUT/summary.txt"
echo
echo "## inclusive (top 45)" | tee -a "$OUT/summary.txt"
callgrind_annotate --inclusive=yes --threshold=100 "$OUT/callgrind.out" 2>/dev/null | grep -v '^-' | sed -n '/Ir/,$p' | head -48 \
  | sed -E 's/ \[[^]]*\]$//' | cut -c1-220 | tee -a "$OUT/summary.txt"
echo
echo "## self (top 30)" | tee -a "$OUT/summary.txt"
callgrind_annotate --threshold=100 "$OUT/callgrind.out" 2>/dev/null | grep -v '^-' | sed -n '/Ir/,$p' | head -33 \
  | sed -E 's/ \[[^]]*\]$//' | cut -c1-220 | tee -a "$OUT/summary.txt"
echo
echo "output: $OUT (callgrind_annotate $OUT/callgrind.out; kcachegrind works too)"
