#!/usr/bin/env bash
# System calls per cached signed /weather command: `tenki serve` with the cost guard's settings (see
# bench/cost-guard.sh: the benchmark settings and no polling before sleeping, which at one connection
# adds an `epoll_wait` for each poll while the next command is on its way), 50 warm-up commands, then
# strace -c -f attached for COUNT commands sent one at a time over one connection
# (bench/cost_client.py, every answer checked). Prints strace's table and the calls per command by
# name. Loopback only; seconds.
#
#   bench/syscalls.sh TENKI-BINARY [COUNT]     # COUNT: 2000 unless given
# Needs strace and python3 (apt-get install strace). strace may need ptrace rights (root, or
# kernel.yama.ptrace_scope=0).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BIN="${1:?usage: bench/syscalls.sh TENKI-BINARY [COUNT]}"
COUNT="${2:-2000}"
command -v strace >/dev/null || { echo "syscalls: strace not found (apt-get install strace)" >&2; exit 1; }
OUT="$(mktemp -d /tmp/tenki-syscalls.XXXXXX)"
FAKES_PID=""; SERVER_PID=""; STRACE_PID=""
cleanup() {
  [ -n "$STRACE_PID" ] && kill -INT "$STRACE_PID" 2>/dev/null && wait "$STRACE_PID" 2>/dev/null
  stop_server_and_fakes
  rm -rf "$OUT"
}
trap cleanup EXIT
# shellcheck source=bench/fakes.sh
. "$HERE/fakes.sh"
start_fakes "$BIN" "$OUT" syscalls
export_server_settings "$OUT/state.sqlite"
export TENKI_POLL_BEFORE_SLEEP_US=0
PORT="$(free_port)"
"$BIN" serve --host 127.0.0.1 --port "$PORT" --no-scheduler >"$OUT/server.log" 2>&1 &
SERVER_PID=$!
wait_until_answering syscalls "$PORT" "$SERVER_PID" "$OUT/server.log"
python3 "$HERE/cost_client.py" "$PORT" 50
strace -c -f -p "$SERVER_PID" -o "$OUT/strace.txt" 2>"$OUT/strace.err" &
STRACE_PID=$!
sleep 0.5  # strace attaches to every thread before the first counted command (not a timing)
python3 "$HERE/cost_client.py" "$PORT" "$COUNT"
kill -INT "$STRACE_PID"; wait "$STRACE_PID" 2>/dev/null || true; STRACE_PID=""
cat "$OUT/strace.txt"
echo
python3 - "$OUT/strace.txt" "$COUNT" <<'PY'
import sys
rows, count = open(sys.argv[1]).read().splitlines(), int(sys.argv[2])
per = []
for row in rows:
    parts = row.split()
    if len(parts) < 5 or not parts[0][0].isdigit():
        continue
    name, calls = parts[-1], int(parts[3])
    if name == "total":
        total = calls
    else:
        per.append((calls, name))
print(f"system calls per command ({count} commands): {total / count:.2f}: "
      + ", ".join(f"{name} {calls / count:.2f}" for calls, name in sorted(per, reverse=True) if calls / count >= 0.01))
PY
