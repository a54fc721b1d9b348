#!/usr/bin/env bash
# Memory under unauthenticated pipelining: starts `tenki serve` on loopback,
# reads its VmRSS idle, then opens CLIENTS connections that each write REQUESTS pipelined
# `GET /metrics` requests in one write and never read (a small receive buffer), reads VmRSS while
# they are connected, closes them and reads VmRSS again. Prints one Markdown table row per reading.
#
# usage: bench/pipelining-rss.sh [--clients 60] [--requests 1000] [--hold-seconds 5]
#   TENKI_BIN: the binary (default this checkout's debug build; a release build gives the real
#   figures). Loopback only, a few seconds; no upstream is called (/metrics is answered inline).
set -uo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
CLIENTS=60; REQUESTS=1000; HOLD=5; PORT="${PORT:-18150}"
while [ $# -gt 0 ]; do
  case "$1" in
    --clients) CLIENTS="$2"; shift 2 ;;
    --requests) REQUESTS="$2"; shift 2 ;;
    --hold-seconds) HOLD="$2"; shift 2 ;;
    *) echo "pipelining-rss.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
OUT="$(mktemp -d /tmp/tenki-pipelining.XXXXXX)"
TENKI_BIN="${TENKI_BIN:-$ROOT/.build/debug/tenki}"
SERVER_PID=""; CLIENT_PID=""
cleanup() {
  [ -n "$CLIENT_PID" ] && kill -TERM "$CLIENT_PID" 2>/dev/null && wait "$CLIENT_PID" 2>/dev/null
  [ -n "$SERVER_PID" ] && kill -TERM "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null
}
trap cleanup EXIT
export TENKI_STATE="$OUT/tenki.sqlite" SLACK_SIGNING_SECRET=benchsecret OPENWEATHER_API_KEY=unused \
  OPENWEATHER_BASE_URL=http://127.0.0.1:9 TENKI_LOG_LEVEL=warning TENKI_SCHEDULER=off
"$TENKI_BIN" serve --host 127.0.0.1 --port "$PORT" >"$OUT/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 200); do
  curl -s -o /dev/null --max-time 1 "http://127.0.0.1:$PORT/healthz" && break; sleep 0.05
done
rss() { awk '/^VmRSS:/ {printf "%.1f", $2 / 1024}' /proc/"$SERVER_PID"/status; }
echo "| moment | VmRSS MiB |"
echo "|---|--:|"
echo "| idle | $(rss) |"
# The clients: connect, shrink the receive buffer, send everything, then wait (never read) until
# told to close. A send that blocks (the server stopped reading) is finished by a thread.
python3 - "$PORT" "$CLIENTS" "$REQUESTS" "$OUT/ready" <<'PY' &
import socket, sys, threading, time, os
port, clients, requests, ready = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
payload = b"GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n" * requests
sockets = []
for _ in range(clients):
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.connect(("127.0.0.1", port))
    threading.Thread(target=lambda s=s: s.sendall(payload), daemon=True).start()
    sockets.append(s)
open(ready, "w").close()
while not os.path.exists(ready + ".close"):
    time.sleep(0.05)
for s in sockets:
    s.close()
PY
CLIENT_PID=$!
for _ in $(seq 1 200); do [ -e "$OUT/ready" ] && break; sleep 0.05; done
peak=0
for ((i = 0; i < HOLD * 4; i++)); do
  now=$(rss); peak=$(echo "if ($now > $peak) $now else $peak" | bc -l); sleep 0.25
done
echo "| $CLIENTS clients × $REQUESTS pipelined requests, not reading (peak over ${HOLD} s) | $peak |"
touch "$OUT/ready.close"
wait "$CLIENT_PID" 2>/dev/null; CLIENT_PID=""
sleep 2
echo "| 2 s after they closed | $(rss) |"
code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "http://127.0.0.1:$PORT/healthz")
echo "| /healthz afterwards | $code |"
