#!/usr/bin/env bash
# Ready time as ../shared/peers/run.sh measures it, nginx and `tenki serve` in alternation: from the start
# (`taskset -c 0`, as the harness pins servers) to the first signed `/weather danang` answered 200 with
# blocks, probed the harness's way (one `curl` per attempt, 5 ms apart), with how many attempts it took.
# Each Tenki start runs on the state file of the one before (the first start asks the fake upstream).
#
#   bench/ready.sh TENKI-BINARY [STARTS]           # warm: both binaries in the page cache (they just ran)
#   bench/ready.sh --cold TENKI-BINARY [STARTS]    # Tenki's binary evicted from the page cache before each start
#   bench/ready.sh --tight [--cold] TENKI-BINARY [STARTS]   # probed every millisecond from one process
#
# --cold drops the binary's pages with posix_fadvise(DONTNEED), which is what this VM does to a binary left
# unused for a minute or two (docs/performance.md, "Start-up"): the full harness runs
# every target about 90 s apart, so its Tenki starts fall between the two. Separates what Tenki's start
# costs from what reading the binary back from disk costs. Needs ../shared/peers/setup.sh run once
# (nginx, the venv whose sign.py signs the request). Loopback only; a few seconds a start.
# --tight probes with bench/ready_probe.py instead of curl: one process that starts the server and tries every
# millisecond, so the time read is the server's own and not the probe's (a `curl` takes 8-15 ms to start here).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PEERS="$HERE/../../shared/peers"
USAGE="usage: bench/ready.sh [--tight] [--cold] TENKI-BINARY [STARTS]"
COLD=0; TIGHT=0
if [ "${1:-}" = --tight ]; then TIGHT=1; shift; fi
if [ "${1:-}" = --cold ]; then COLD=1; shift; fi
BIN="$(realpath "${1:?$USAGE}")"
STARTS="${2:-6}"
PY="${VENV:-/tmp/peers-venv}/bin/python"
PATH="$PATH:/usr/sbin"
for tool in nginx curl taskset python3; do
  command -v "$tool" >/dev/null || { echo "ready: $tool not found (../shared/peers/setup.sh)" >&2; exit 1; }
done
[ -x "$PY" ] || { echo "ready: $PY not found (../shared/peers/setup.sh)" >&2; exit 1; }
OUT="$(mktemp -d /tmp/tenki-ready.XXXXXX)"
FAKES_PID=""; SERVER_PID=""
cleanup() {
  stop_server_and_fakes
  rm -rf "$OUT"
}
trap cleanup EXIT

# shellcheck source=bench/fakes.sh
. "$HERE/fakes.sh"
start_fakes "$BIN" "$OUT" ready
export_server_settings "$OUT/tenki.sqlite"
SLASH_PATH=/slack/commands
NGINX_PORT="$(free_port)"; TENKI_PORT="$(free_port)"
mkdir -p "$OUT/nginx"
sed "s/listen 127\.0\.0\.1:[0-9]*;/listen 127.0.0.1:$NGINX_PORT;/" "$PEERS/nginx.conf" >"$OUT/nginx/nginx.conf"

signed_post() {  # $1 = port -> the HTTP status; the body in $OUT/body (the harness's own curl)
  curl -s -o "$OUT/body" -w '%{http_code}' --max-time 2 -X POST \
    -H 'Content-Type: application/x-www-form-urlencoded' \
    -H "X-Slack-Request-Timestamp: $SLASH_TS" -H "X-Slack-Signature: $SLASH_SIG" \
    --data-raw "$SLASH_BODY" "http://127.0.0.1:$1$SLASH_PATH" 2>/dev/null || true
}

start_once() {  # $1 = nginx | tenki -> READY_MS, ATTEMPTS
  local t0 t1 code
  ATTEMPTS=0
  [ "$1" = tenki ] && [ "$COLD" = 1 ] && python3 -c 'import os, sys
fd = os.open(sys.argv[1], os.O_RDONLY); os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED); os.close(fd)' "$BIN"
  if [ "$TIGHT" = 1 ]; then
    local target=$1
    if [ "$target" = nginx ]; then
      set -- taskset -c 0 nginx -p "$OUT/nginx/" -c "$OUT/nginx/nginx.conf" -e stderr; port=$NGINX_PORT
    else
      set -- taskset -c 0 "$BIN" serve --host 127.0.0.1 --port "$TENKI_PORT"; port=$TENKI_PORT
    fi
    read -r READY_MS ATTEMPTS < <(SLASH_PATH=$SLASH_PATH python3 "$HERE/ready_probe.py" "$port" "$@" || true)
    [ -n "$READY_MS" ] || { echo "ready: $target did not answer the tight probe" >&2; exit 1; }
    return
  fi
  t0=$(date +%s%N)
  if [ "$1" = nginx ]; then
    taskset -c 0 nginx -p "$OUT/nginx/" -c "$OUT/nginx/nginx.conf" -e stderr >"$OUT/nginx.log" 2>&1 &
    SERVER_PID=$!; port=$NGINX_PORT
  else
    taskset -c 0 "$BIN" serve --host 127.0.0.1 --port "$TENKI_PORT" >"$OUT/tenki.log" 2>&1 &
    SERVER_PID=$!; port=$TENKI_PORT
  fi
  while :; do
    ATTEMPTS=$((ATTEMPTS + 1))
    code=$(signed_post "$port")
    if [ "$code" = 200 ] && grep -q blocks "$OUT/body"; then t1=$(date +%s%N); break; fi
    if [ "$ATTEMPTS" -ge 400 ] || ! kill -0 "$SERVER_PID" 2>/dev/null; then
      echo "ready: $1 did not answer (last HTTP $code; its log: $OUT/$1.log)" >&2; tail -5 "$OUT/$1.log" >&2; exit 1
    fi
    sleep 0.005
  done
  kill -TERM "$SERVER_PID" 2>/dev/null; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=""
  READY_MS=$(( (t1 - t0) / 1000000 ))
}

port=""; READY_MS=0; ATTEMPTS=0
declare -A times=([nginx]="" [tenki]="")
echo "ready: $STARTS alternating starts$([ "$COLD" = 1 ] && echo ", Tenki's binary evicted before each");" \
  "ms ($([ "$TIGHT" = 1 ] && echo "attempts 1 ms apart" || echo "curl attempts"))"
for ((i = 1; i <= STARTS; i++)); do
  eval "$("$PY" "$PEERS/sign.py" --shell)"  # a fresh timestamp for each pair
  line="start $i:"
  for target in nginx tenki; do
    start_once "$target"
    times[$target]+="$READY_MS "
    line+=" $target $READY_MS ms ($ATTEMPTS)"
  done
  echo "$line"
done
for target in nginx tenki; do
  # shellcheck disable=SC2086 # one number per word
  printf '%s: median %s ms\n' "$target" "$(printf '%s\n' ${times[$target]} | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}')"
done
