#!/usr/bin/env bash
# Writes Sources/tenki/hot-code.order: the functions `tenki serve` runs from exec until it answers
# signed /weather commands from its cache (start-up, the first cold answer through the fake
# upstream, cached answers), in the order callgrind first met them. The release link on Linux hands
# this list to lld (--symbol-ordering-file, Package.swift), which places those functions side by
# side at the start of the code, so a warmed server touches a few megabytes of code pages instead of
# pages spread over the whole 20 MB of code. A stale list is harmless: names that no longer exist
# are ignored, new functions keep their default place; regenerate after large changes and commit
# the file with the RSS figure from bench/run.sh.
#
#   bench/hot-code.sh TENKI-BINARY    # a release build; about a minute
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BIN="$(cd "$(dirname "${1:?usage: bench/hot-code.sh TENKI-BINARY}")" && pwd)/$(basename "$1")"
ORDER="$HERE/../Sources/tenki/hot-code.order"
for tool in valgrind python3 cc objcopy; do
  command -v "$tool" >/dev/null ||
    { echo "hot-code: $tool not found (apt-get install valgrind gcc binutils python3)" >&2; exit 1; }
done
OUT="$(mktemp -d /tmp/tenki-hot-code.XXXXXX)"
FAKES_PID=""; SERVER_PID=""
cleanup() {
  [ -n "$SERVER_PID" ] && kill -TERM "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null
  [ -n "$FAKES_PID" ] && kill -TERM "$FAKES_PID" 2>/dev/null && wait "$FAKES_PID" 2>/dev/null
  rm -rf "$OUT"
}
trap cleanup EXIT

# As in cost-guard.sh: valgrind 3.19 reads neither a static binary's full DWARF nor libdispatch's sigsuspend.
objcopy --strip-debug "$BIN" "$OUT/tenki"
cc -shared -fPIC -O2 -o "$OUT/shim.so" "$HERE/valgrind-sigsuspend-shim.c"
# shellcheck source=bench/fakes.sh
. "$HERE/fakes.sh"
start_fakes "$OUT/tenki" "$OUT" hot-code
export_server_settings "$OUT/state.sqlite"
PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
# Started as bench/run.sh starts it (the scheduler on), instrumented from the first instruction.
LD_PRELOAD="$OUT/shim.so" valgrind --tool=callgrind --demangle=no --callgrind-out-file="$OUT/callgrind.out" \
  "$OUT/tenki" serve --host 127.0.0.1 --port "$PORT" >"$OUT/server.log" 2>&1 &
SERVER_PID=$!
ready=0
for _ in $(seq 1 600); do
  if python3 "$HERE/cost_client.py" "$PORT" 1 2>/dev/null; then ready=1; break; fi
  kill -0 "$SERVER_PID" 2>/dev/null || break
  sleep 0.1
done
[ "$ready" = 1 ] || { echo "hot-code: the server never answered; its log:" >&2; tail -20 "$OUT/server.log" >&2; exit 1; }
python3 "$HERE/cost_client.py" "$PORT" 50
kill -TERM "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=""

# Every function callgrind saw run in the tenki binary itself (its own code and the statically linked
# Swift runtime, Foundation and libdispatch), mangled as the linker knows them, in first-seen order.
python3 - "$OUT/callgrind.out" "$OUT/tenki" >"$ORDER" <<'PY'
import re, sys
path, binary = sys.argv[1], sys.argv[2]
objects, names, seen, order = {}, {}, set(), []
current_ob = None
def resolve(table, ref):
    m = re.match(r"\((\d+)\)(?: (.*))?$", ref)
    if not m:
        return ref
    if m.group(2) is not None:
        table[m.group(1)] = m.group(2)
    return table.get(m.group(1))
for line in open(path, errors="replace"):
    if line.startswith("ob="):
        current_ob = resolve(objects, line[3:].rstrip("\n"))
    elif line.startswith("fn="):
        name = resolve(names, line[3:].rstrip("\n"))
        name = name and re.sub(r"'\d+$", "", name)  # callgrind's mark of a recursion level
        if current_ob == binary and name and not name.startswith("0x") and name not in seen:
            seen.add(name); order.append(name)
    elif line.startswith("cfn="):
        resolve(names, line[4:].rstrip("\n"))
    elif line.startswith("cob="):
        resolve(objects, line[4:].rstrip("\n"))
sys.stdout.write("".join(n + "\n" for n in order))
PY
echo "hot-code: $(wc -l <"$ORDER") functions written to Sources/tenki/hot-code.order"
# SwiftPM does not track the file as a link input: the next build must be told to link again.
echo "hot-code: relink with: rm .build/release/tenki && swift build -c release --static-swift-stdlib"
