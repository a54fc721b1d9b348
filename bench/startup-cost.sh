#!/usr/bin/env bash
# Start-up cost: the instructions `tenki preview "/weather help"` costs from exec to exit (settings,
# the command's parsing, the help message; no provider is called), counted by callgrind, and the part
# of them spent in `Settings.load`. Every command loads the settings first, so this is what a change to
# the settings costs each of them. Instruction counts repeat within a fraction of a percent.
#
#   bench/startup-cost.sh TENKI-BINARY
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BIN="${1:?usage: bench/startup-cost.sh TENKI-BINARY}"
for tool in valgrind callgrind_annotate cc objcopy; do
  command -v "$tool" >/dev/null || { echo "startup-cost: $tool not found (apt-get install valgrind gcc binutils)" >&2; exit 1; }
done
OUT="$(mktemp -d /tmp/tenki-startup-cost.XXXXXX)"
trap 'rm -rf "$OUT"' EXIT

# shellcheck source=bench/fakes.sh
. "$HERE/fakes.sh"
valgrind_copy "$BIN" "$OUT"
# A key so that preview runs, and a closed loopback port as the provider (help calls none); run in the
# scratch directory, so that nothing it might write lands in the caller's.
cd "$OUT"
env -i PATH="$PATH" OPENWEATHER_API_KEY=startup-cost OPENWEATHER_BASE_URL=http://127.0.0.1:9 LD_PRELOAD="$OUT/shim.so" \
  valgrind --tool=callgrind --callgrind-out-file="$OUT/callgrind.out" "$OUT/tenki" preview "/weather help" \
  >"$OUT/run.log" 2>&1 || { echo "startup-cost: tenki preview failed; its log:" >&2; tail -20 "$OUT/run.log" >&2; exit 1; }

annotated="$(callgrind_annotate --inclusive=yes "$OUT/callgrind.out" 2>/dev/null)"
total="$(awk '/PROGRAM TOTALS/ && !seen {gsub(",", "", $1); print $1; seen = 1}' <<<"$annotated")"
load="$(awk '/8TenkiApp8SettingsV4load11environment/ && !seen {gsub(",", "", $1); print $1; seen = 1}' <<<"$annotated")"
printf 'startup-cost: %d instructions for tenki preview \"/weather help\", %d of them in Settings.load (%d %%)\n' \
  "$total" "${load:-0}" "$(( ${load:-0} * 100 / total ))"
