#!/usr/bin/env bash
# Tenki's listener beside its peers (Slack Bolt's fastest setups, nginx) in ONE invocation of
# ../../shared/peers/run.sh: same machine, same interleaved runs, same signed /weather danang,
# same wrk script. Prints the peers' table, then Tenki's ratios to each peer and the goals.
#
#   1. builds the release binary (skip with --no-build)
#   2. starts `tenki fakes` (fake OpenWeatherMap on loopback) OUTSIDE the server's process tree
#   3. runs the peer harness with Tenki as one more target (bench/tenki-server.sh), every
#      response of its check pass checked for Tenki's Da Nang reply
#   4. during each of Tenki's c50 runs, sends one request with a flipped signature and one
#      correctly signed request (curl, beside the load) and asserts 401 and 200
#   5. prints bench/ratios.py's table (medians), and exits non-zero if a check failed
#
# usage: bench/run.sh [--runs 3] [--duration 10s] [--only nginx,bolt-sync-asgi-uvicorn-pbr,tenki]
#                     [--no-build] [--out DIR]
# Needs ../shared/peers/setup.sh run once (wrk, nginx, the Bolt venv). Loopback only.
set -uo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
PEERS="${PEERS:-$ROOT/../shared/peers}"
PEERS="$(cd "$PEERS" && pwd)" || { echo "bench/run.sh: peers harness not found at $PEERS" >&2; exit 1; }
PY="${VENV:-/tmp/peers-venv}/bin/python"
RUNS=3; DURATION=10s; BUILD=1
ONLY="nginx,bolt-sync-asgi-uvicorn-pbr,bolt-asgi-uvicorn-pbr,tenki"
OUT="/tmp/tenki-bench/$(date +%Y%m%d-%H%M%S)"
TENKI_PORT="${TENKI_PORT:-18110}"
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) RUNS="$2"; shift 2 ;;
    --duration) DURATION="$2"; shift 2 ;;
    --only) ONLY="$2"; shift 2 ;;
    --out) OUT="$2"; shift 2 ;;
    --no-build) BUILD=0; shift ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    *) echo "bench/run.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
[ -x "$PY" ] || { echo "bench/run.sh: $PY missing: run $PEERS/setup.sh" >&2; exit 1; }
mkdir -p "$OUT"
export SLACK_SIGNING_SECRET="${SLACK_SIGNING_SECRET:-benchsecret}"
export TENKI_BIN="${TENKI_BIN:-$ROOT/.build/release/tenki}"
export BENCH_STATE_DIR="$OUT/state"
mkdir -p "$BENCH_STATE_DIR"

if [ "$BUILD" = 1 ]; then
  (cd "$ROOT" && swift build -c release --static-swift-stdlib 2>&1 | tail -1) || { echo "bench/run.sh: build failed" >&2; exit 1; }
fi
[ -x "$TENKI_BIN" ] || { echo "bench/run.sh: $TENKI_BIN missing" >&2; exit 1; }

FAKES_PID=""; WATCH_PID=""
cleanup() {
  [ -n "$WATCH_PID" ] && kill "$WATCH_PID" 2>/dev/null
  if [ -n "$FAKES_PID" ]; then kill -TERM "$FAKES_PID" 2>/dev/null; wait "$FAKES_PID" 2>/dev/null; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The fake upstream: its own process, started here, so the server's process tree (and its RSS) is Tenki alone.
. "$HERE/fakes.sh"
start_fakes "$TENKI_BIN" "$OUT" bench/run.sh || exit 1
echo "fake upstream: $OPENWEATHER_BASE_URL (pid $FAKES_PID)"

# Mid-run probe: once a Tenki c50 wrk run has started, wait 3 s, then send a flipped signature (must be 401)
# and a good one (must be 200) through the loaded server. One line per run in probes.txt.
# The request is signed (a Python start) before the run, and the probe is pinned to wrk's CPU: what
# runs beside the load must not take the server's CPU, or it shows in the server's p99 (a Python
# start on the server's CPU mid-run halves the server's share for a tenth of a second or more).
probe() {
  local port="$1" run log sig bad code_bad code_good deadline
  for ((run = 1; run <= RUNS; run++)); do
    log="$OUT/peers/wrk-tenki-c50-r$run.txt"
    eval "$("$PY" "$PEERS/sign.py" --shell)"  # valid for 5 minutes; each run starts within ~2
    deadline=$((SECONDS + 3600))
    while [ ! -e "$log" ] && [ $SECONDS -lt $deadline ]; do sleep 0.2; done
    [ -e "$log" ] || return
    sleep 3
    sig="$SLASH_SIG"
    case "${sig: -1}" in 0) bad="${sig%?}1" ;; *) bad="${sig%?}0" ;; esac
    send() { curl -s -o /dev/null -w '%{http_code}' --max-time 2 -X POST \
      -H 'Content-Type: application/x-www-form-urlencoded' -H "X-Slack-Request-Timestamp: $SLASH_TS" \
      -H "X-Slack-Signature: $1" --data-raw "$SLASH_BODY" "http://127.0.0.1:$port/slack/commands"; }
    code_bad=$(send "$bad"); code_good=$(send "$sig")
    echo "run $run: flipped signature -> $code_bad (want 401), good signature -> $code_good (want 200)" >>"$OUT/probes.txt"
  done
}
probe "$TENKI_PORT" &
WATCH_PID=$!
command -v taskset >/dev/null && taskset -p -c "${WRK_CPU:-1}" "$WATCH_PID" >/dev/null

export SLASH_FRAGMENTS_tenki='"blocks":[|"type":"header"|Da Nang, VN|"type":"section"|32 °C'
"$PEERS/run.sh" --runs "$RUNS" --duration "$DURATION" --only "$ONLY" --out "$OUT/peers" \
  --target tenki "$TENKI_PORT" "$HERE/tenki-server.sh {port}"
STATUS=$?
wait "$WATCH_PID" 2>/dev/null; WATCH_PID=""

echo
echo "### Mid-run signature probes"
echo
if [ -s "$OUT/probes.txt" ]; then sed 's/^/- /' "$OUT/probes.txt"; else echo "- (none ran)"; STATUS=1; fi
PROBES_OK=$(grep -c -- '-> 401 (want 401), good signature -> 200' "$OUT/probes.txt" 2>/dev/null || true)
[ "${PROBES_OK:-0}" = "$RUNS" ] || { echo "bench/run.sh: a mid-run probe failed" >&2; STATUS=1; }
echo
"$PY" "$HERE/ratios.py" "$OUT/peers/results.tsv" | tee "$OUT/ratios.md"
[ "${PIPESTATUS[0]}" = 0 ] || STATUS=1
echo
echo "output: $OUT"
exit $STATUS
