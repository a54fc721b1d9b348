#!/usr/bin/env bash
# Where the cached /weather request's instructions go: the cost guard's measurement (valgrind's
# callgrind over signed commands sent one at a time to `tenki serve` with production settings, the
# fake upstream behind it; see bench/cost-guard.sh), printed as instructions per command and the
# top functions by self and by inclusive cost. Instruction counts repeat from run to run, unlike
# wall time on a shared machine. The callgrind file stays at $PROFILE_OUT
# (/tmp/tenki-profile.callgrind.out) for callgrind_annotate or kcachegrind.
#
#   bench/profile.sh                  # builds the static release binary first (as deploy/ does)
#   bench/profile.sh --no-build       # profiles .build/release/tenki as it is (TENKI_BIN for another)
#   COST_GUARD_REQUESTS=1000 bench/profile.sh --no-build
# Needs valgrind, gcc, binutils and python3 (apt-get install valgrind gcc binutils). Loopback only.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ "${1:-}" != "--no-build" ]; then
  "$ROOT/bench/release-build.sh" >/dev/null
fi
exec bash "$ROOT/bench/cost-guard.sh" --profile "${TENKI_BIN:-$ROOT/.build/release/tenki}"
