#!/usr/bin/env bash
# The cost guard: instructions per cached signed /weather command, counted by valgrind's callgrind,
# against the budget in bench/cost-budget.txt. Instruction counts are repeatable where wall time is
# not (the same binary and requests give the same count within a fraction of a percent, whatever
# else the machine does), so CI can fail on a slowdown without a timed assertion.
#
#   bench/cost-guard.sh TENKI-BINARY            # exit 1 when the cost exceeds the budget by > 10 %
#   bench/cost-guard.sh --update TENKI-BINARY   # measure and write the budget (commit it with a reason)
#   bench/cost-guard.sh --profile TENKI-BINARY  # measure, print the allocations (malloc calls) per command and
#                                               # the top functions (self and inclusive), keep
#                                               # the callgrind file (bench/profile.sh calls this)
#
# What it does: starts `tenki fakes` and `tenki serve` (production settings: verification, info
# logs, metrics; per-user limit and replay refusal off, as in bench/run.sh) under callgrind with
# instrumentation off; sends WARMUP commands (the first geocodes and fetches through the fake);
# turns instrumentation on; sends COUNT commands one at a time over one connection
# (bench/cost_client.py, which checks every answer); turns it off and divides. The listener does not
# poll before sleeping here (see below). A static binary's DWARF is more than valgrind 3.19 reads,
# so it profiles a copy without debug sections (symbols stay). Loopback only; about a minute.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
UPDATE=0; PROFILE=0
case "${1:-}" in
  --update) UPDATE=1; shift ;;
  --profile) PROFILE=1; shift ;;
esac
BIN="${1:?usage: bench/cost-guard.sh [--update | --profile] TENKI-BINARY}"
BUDGET_FILE="$HERE/cost-budget.txt"
TOLERANCE_PERCENT=10
WARMUP=50
COUNT="${COST_GUARD_REQUESTS:-400}"

for tool in valgrind callgrind_control callgrind_annotate python3 cc objcopy; do
  command -v "$tool" >/dev/null || { echo "cost-guard: $tool not found (apt-get install valgrind gcc binutils python3)" >&2; exit 1; }
done
OUT="$(mktemp -d /tmp/tenki-cost-guard.XXXXXX)"
FAKES_PID=""; SERVER_PID=""
cleanup() {
  stop_server_and_fakes
  rm -rf "$OUT"
}
trap cleanup EXIT

# shellcheck source=bench/fakes.sh
. "$HERE/fakes.sh"
valgrind_copy "$BIN" "$OUT"
start_fakes "$OUT/tenki" "$OUT" cost-guard
export_server_settings "$OUT/state.sqlite"
# No polling before sleeping: it spins for a span of wall time, which under callgrind's slowdown is
# a count of instructions that depends on the machine and not on the request path being guarded.
export TENKI_POLL_BEFORE_SLEEP_US=0
PORT="$(free_port)"
LD_PRELOAD="$OUT/shim.so" valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$OUT/callgrind.out" \
  "$OUT/tenki" serve --host 127.0.0.1 --port "$PORT" --no-scheduler >"$OUT/server.log" 2>&1 &
SERVER_PID=$!

wait_until_answering cost-guard "$PORT" "$SERVER_PID" "$OUT/server.log"
python3 "$HERE/cost_client.py" "$PORT" "$WARMUP"

callgrind_control -i on "$SERVER_PID" >/dev/null
python3 "$HERE/cost_client.py" "$PORT" "$COUNT"
callgrind_control -i off "$SERVER_PID" >/dev/null
kill -TERM "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; SERVER_PID=""

total="$(callgrind_annotate "$OUT/callgrind.out" 2>/dev/null | awk '/PROGRAM TOTALS/ && !seen {gsub(",", "", $1); print $1; seen = 1}')"
[ -n "$total" ] || { echo "cost-guard: callgrind wrote no totals" >&2; exit 1; }
per_request=$(( total / COUNT ))

if [ "$PROFILE" = 1 ]; then
  kept="${PROFILE_OUT:-/tmp/tenki-profile.callgrind.out}"
  cp "$OUT/callgrind.out" "$kept"
  echo "profile: $per_request instructions per cached command over $COUNT commands (callgrind file: $kept)"
  mallocs="$(python3 "$HERE/callgrind_calls.py" "$kept" malloc | awk '{print $2}')"
  echo "allocations: $(awk -v m="$mallocs" -v n="$COUNT" 'BEGIN {printf "%.2f", m / n}') malloc calls per cached command"
  for inclusive in no yes; do
    echo; echo "top functions, $( [ "$inclusive" = yes ] && echo inclusive || echo self ) cost (instructions over all commands):"
    callgrind_annotate --inclusive="$inclusive" --threshold=95 "$kept" 2>/dev/null | grep -v '^-' | sed -n '/Ir/,$p' \
      | sed -n 2,31p | cut -c1-170
  done
  exit 0
fi
if [ "$UPDATE" = 1 ]; then
  sed -i -E "s/^instructions_per_request=.*/instructions_per_request=$per_request/" "$BUDGET_FILE"
  echo "cost-guard: $per_request instructions per cached command written to $BUDGET_FILE"
  exit 0
fi
budget="$(sed -n 's/^instructions_per_request=//p' "$BUDGET_FILE")"
limit=$(( budget + budget * TOLERANCE_PERCENT / 100 ))
printf 'cost-guard: %d instructions per cached command over %d commands (budget %d, limit +%d %%: %d)\n' \
  "$per_request" "$COUNT" "$budget" "$TOLERANCE_PERCENT" "$limit"
if [ "$per_request" -gt "$limit" ]; then
  echo "cost-guard: FAIL: the cached path costs $(( (per_request - budget) * 100 / budget )) % more than its budget." >&2
  echo "cost-guard: the top functions by self cost:" >&2
  callgrind_annotate --threshold=90 "$OUT/callgrind.out" 2>/dev/null | grep -v '^-' | sed -n '/Ir/,$p' | sed -n 1,15p | cut -c1-160 >&2
  exit 1
fi
echo "cost-guard: ok"
