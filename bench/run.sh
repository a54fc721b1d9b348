#!/usr/bin/env bash
# Tenki's listener beside its peers (Slack Bolt's fastest setups, nginx) in ONE invocation of
# ../../shared/peers/run.sh: same machine, same interleaved runs, same signed /weather danang,
# same wrk script. Prints the peers' table, then Tenki's ratios to each peer and the goals.
#
#   1. builds the release binary (skip with --no-build)
#   2. starts `tenki fakes` (fake OpenWeatherMap on loopback) OUTSIDE the server's process tree
#   3. runs the peer harness with Tenki as one more target (`tenki serve` itself, with the settings
#      of bench/fakes.sh's export_server_settings), every response of its check pass checked for
#      Tenki's Da Nang reply
#   4. during each of Tenki's c50 runs, sends one request with a flipped signature and one
#      correctly signed request (curl, beside the load) and asserts 401 and 200
#   5. prints bench/ratios.py's table (medians), and exits non-zero if a check failed
#
# usage: bench/run.sh [--runs 3] [--duration 10s] [--only nginx,bolt-sync-asgi-uvicorn-pbr,tenki]
#                     [--no-build] [--out DIR] [--baseline REV]...
#   --baseline REV  also runs Tenki as built at git revision REV (e.g. 706f8b6, round 1's), as target
#                   tenki-REV in the same interleaved runs: the source from `git archive`, built once
#                   (static release) under $BENCH_BUILDS (/tmp/tenki-bench-builds), its own state file
# Needs ../shared/peers/setup.sh run once (wrk, nginx, the Bolt venv) and the openssl command. Loopback only.
set -uo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
PEERS="${PEERS:-$ROOT/../shared/peers}"
PEERS="$(cd "$PEERS" && pwd)" || { echo "bench/run.sh: peers harness not found at $PEERS" >&2; exit 1; }
PY="${VENV:-/tmp/peers-venv}/bin/python"
RUNS=3; DURATION=10s; BUILD=1
ONLY="nginx,bolt-sync-asgi-uvicorn-pbr,bolt-asgi-uvicorn-pbr,tenki"
BASELINES=()
OUT="/tmp/tenki-bench/$(date +%Y%m%d-%H%M%S)"
TENKI_PORT="${TENKI_PORT:-18110}"
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) RUNS="$2"; shift 2 ;;
    --duration) DURATION="$2"; shift 2 ;;
    --only) ONLY="$2"; shift 2 ;;
    --out) OUT="$2"; shift 2 ;;
    --no-build) BUILD=0; shift ;;
    --baseline) BASELINES+=("$2"); shift 2 ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    *) echo "bench/run.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
[ -x "$PY" ] || { echo "bench/run.sh: $PY missing: run $PEERS/setup.sh" >&2; exit 1; }
command -v openssl >/dev/null || { echo "bench/run.sh: openssl missing (the mid-run probe signs with it): apt-get install openssl" >&2; exit 1; }
mkdir -p "$OUT"
export TENKI_BIN="${TENKI_BIN:-$ROOT/.build/release/tenki}"
mkdir -p "$OUT/state"

if [ "$BUILD" = 1 ]; then
  "$HERE/release-build.sh" >/dev/null || { echo "bench/run.sh: build failed" >&2; exit 1; }
fi
[ -x "$TENKI_BIN" ] || { echo "bench/run.sh: $TENKI_BIN missing" >&2; exit 1; }

# Earlier revisions, each one more target: built from `git archive` (no worktree left behind), once.
build_revision() {  # $1 = revision -> the binary's path on stdout
  local rev="$1" dir="${BENCH_BUILDS:-/tmp/tenki-bench-builds}/$1"
  # A build kept from before the flags below (one with a RUNPATH) is built again.
  if [ ! -x "$dir/.build/release/tenki" ] || readelf -d "$dir/.build/release/tenki" | grep -qE '\((RUNPATH|RPATH)\)'; then
    rm -rf "$dir" && mkdir -p "$dir" || return 1
    git -C "$ROOT" archive "$rev" | tar -x -C "$dir" || return 1
    # The same build as the current binary's, so the comparison is of the code alone.
    "$HERE/release-build.sh" "$dir" >/dev/null || return 1
  fi
  echo "$dir/.build/release/tenki"
}
EXTRA_TARGETS=()
port=$((TENKI_PORT + 1))
for rev in "${BASELINES[@]}"; do
  bin="$(build_revision "$rev")" || { echo "bench/run.sh: could not build $rev" >&2; exit 1; }
  EXTRA_TARGETS+=(--target "tenki-$rev" "$port" "env TENKI_STATE='$OUT/state/$rev.sqlite' '$bin' serve --host 127.0.0.1 --port {port}")
  ONLY="$ONLY,tenki-$rev"
  port=$((port + 1))
done

FAKES_PID=""; WATCH_PID=""
# shellcheck disable=SC2317 # called by the EXIT trap
cleanup() {
  [ -n "$WATCH_PID" ] && kill "$WATCH_PID" 2>/dev/null
  if [ -n "$FAKES_PID" ]; then kill -TERM "$FAKES_PID" 2>/dev/null; wait "$FAKES_PID" 2>/dev/null; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The fake upstream: its own process, started here, so the server's process tree (and its RSS) is Tenki alone.
# The state file outlives each start, as it does across restarts in production (the first start creates it).
# shellcheck source=bench/fakes.sh
. "$HERE/fakes.sh"
start_fakes "$TENKI_BIN" "$OUT" bench/run.sh || exit 1
export_server_settings "$OUT/state/tenki.sqlite"
echo "fake upstream: $OPENWEATHER_BASE_URL (pid $FAKES_PID)"

# Mid-run probe: 3 s into each Tenki c50 run, a flipped signature (must be 401) and a good one (must be
# 200) go through the loaded server; one line per run in probes.txt. The probe runs on wrk's CPU and must
# not disturb what wrk measures there: it signs during the run's check pass (untimed) with one openssl
# call, sends through bash's /dev/tcp, and waits on a FIFO instead of starting `sleep`s. (Signing with a
# Python start mid-run, as it once did, took wrk's CPU for a tenth of a second and showed in p99.)
eval "$("$PY" "$PEERS/sign.py" --shell)"  # the body; its signature is redone per run with a fresh timestamp
rm -f "$OUT/.tick" "$OUT/probes.txt"; mkfifo "$OUT/.tick"  # afresh, also when --out names a used directory
probe() {
  local port="$1" run ts sig bad code_bad code_good
  exec 9<>"$OUT/.tick"
  pause() { read -r -t "$1" -u 9 || true; }
  wait_for() { local waited=0; while [ ! -e "$1" ] && [ $waited -lt 18000 ]; do pause 0.2; waited=$((waited + 1)); done; [ -e "$1" ]; }
  sign_at() { printf 'v0:%s:%s' "$1" "$SLASH_BODY" | openssl dgst -sha256 -hmac "$SLACK_SIGNING_SECRET" -r | { read -r hex _; echo "v0=$hex"; }; }
  post() {  # $1 = signature -> the HTTP status of the answer (000: none)
    local status=000 line LC_ALL=C  # the body is ASCII: its length in characters is its length in bytes
    exec 3<>"/dev/tcp/127.0.0.1/$port" || { echo 000; return; }
    printf 'POST /slack/commands HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nX-Slack-Request-Timestamp: %s\r\nX-Slack-Signature: %s\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s' \
      "$ts" "$1" "${#SLASH_BODY}" "$SLASH_BODY" >&3
    # shellcheck disable=SC2086 # split on purpose: the status line's second word is the status
    if read -r -t 2 line <&3; then set -- $line; status="${2:-000}"; fi
    exec 3<&-
    echo "$status"
  }
  for ((run = 1; run <= RUNS; run++)); do
    wait_for "$OUT/peers/wrk-tenki-check-r$run.txt" || return
    printf -v ts '%(%s)T' -1; sig=$(sign_at "$ts")
    case "${sig: -1}" in 0) bad="${sig%?}1" ;; *) bad="${sig%?}0" ;; esac
    wait_for "$OUT/peers/wrk-tenki-c50-r$run.txt" || return
    pause 3
    code_bad=$(post "$bad"); code_good=$(post "$sig")
    echo "run $run: flipped signature -> $code_bad (want 401), good signature -> $code_good (want 200)" >>"$OUT/probes.txt"
  done
}
probe "$TENKI_PORT" &
WATCH_PID=$!
command -v taskset >/dev/null && taskset -p -c "${WRK_CPU:-1}" "$WATCH_PID" >/dev/null

export SLASH_FRAGMENTS_tenki='"blocks":[|"type":"header"|Da Nang, VN|"type":"section"|32 °C'
for rev in "${BASELINES[@]}"; do export "SLASH_FRAGMENTS_tenki_${rev//[^A-Za-z0-9]/_}=$SLASH_FRAGMENTS_tenki"; done
"$PEERS/run.sh" --runs "$RUNS" --duration "$DURATION" --only "$ONLY" --out "$OUT/peers" \
  --target tenki "$TENKI_PORT" "'$TENKI_BIN' serve --host 127.0.0.1 --port {port}" "${EXTRA_TARGETS[@]}"
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
