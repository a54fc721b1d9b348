#!/usr/bin/env bash
# Writes Sources/tenki/hot-code.order: the functions `tenki serve` runs from exec until it answers signed /weather
# commands from its cache (start-up, the first cold answer through the fake upstream, cached answers), then those only a
# restart on the same state file runs (places and weather read back), each start's in the order callgrind first met
# them. The release link on Linux hands this list to lld (--symbol-ordering-file, Package.swift), which places those
# functions side by side at the start of the code, so a warmed server touches a few MiB of code pages instead of pages
# spread over the whole 20 MiB of code. A stale list is harmless: names that no longer exist are ignored, new functions
# keep their default place; regenerate after large changes and commit the file with the RSS figure from bench/run.sh.
#
#   bench/hot-code.sh TENKI-BINARY    # a release build; about ten seconds
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
  stop_server_and_fakes
  rm -rf "$OUT"
}
trap cleanup EXIT

# shellcheck source=bench/fakes.sh
. "$HERE/fakes.sh"
valgrind_copy "$BIN" "$OUT"
start_fakes "$OUT/tenki" "$OUT" hot-code
export_server_settings "$OUT/state.sqlite"
PORT="$(free_port)"
# Started as bench/run.sh starts it (the scheduler on), instrumented from the first instruction: a first start
# on a new state file (the first command goes to the fake upstream), then a restart on that file (places and
# weather read back from it, as after every deploy), each answering 50 cached commands.
for start in first restart; do
  LD_PRELOAD="$OUT/shim.so" valgrind --tool=callgrind --demangle=no --callgrind-out-file="$OUT/callgrind-$start.out" \
    "$OUT/tenki" serve --host 127.0.0.1 --port "$PORT" >"$OUT/server-$start.log" 2>&1 &
  SERVER_PID=$!
  wait_until_answering hot-code "$PORT" "$SERVER_PID" "$OUT/server-$start.log"
  python3 "$HERE/cost_client.py" "$PORT" 50
  kill -TERM "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=""
done

# Every function callgrind saw run in the tenki binary itself (its own code and the statically linked
# Swift runtime, Foundation and libdispatch), mangled as the linker knows them, in first-seen order: the
# first start's, then those only the restart ran.
python3 - "$OUT/tenki" "$OUT/callgrind-first.out" "$OUT/callgrind-restart.out" >"$ORDER" <<'PY'
import re, sys
binary, paths = sys.argv[1], sys.argv[2:]
seen, order = set(), []
def resolve(table, ref):
    m = re.match(r"\((\d+)\)(?: (.*))?$", ref)
    if not m:
        return ref
    if m.group(2) is not None:
        table[m.group(1)] = m.group(2)
    return table.get(m.group(1))
for path in paths:
    objects, names, current_ob = {}, {}, None
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
echo "hot-code: relink with: rm .build/release/tenki && bench/release-build.sh"
