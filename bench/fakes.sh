# Sourced by the bench scripts (not run): starts `tenki fakes` as a process of its own, so the
# server's process tree (and its RSS) is Tenki alone, waits for its settings, and exports them.
#
# usage: start_fakes BINARY OUT_DIR SCRIPT_NAME   -> sets FAKES_PID, exports OPENWEATHER_BASE_URL
#        and OPENWEATHER_API_KEY; returns 1 (after saying so) when the fakes did not start.
start_fakes() {
  local binary="$1" out="$2" name="$3"
  "$binary" fakes --port 0 >"$out/fakes.out" 2>"$out/fakes.log" &
  FAKES_PID=$!
  for _ in $(seq 1 100); do grep -q '^OPENWEATHER_BASE_URL=' "$out/fakes.out" 2>/dev/null && break; sleep 0.05; done
  OPENWEATHER_BASE_URL="$(sed -n 's/^OPENWEATHER_BASE_URL=//p' "$out/fakes.out")"
  OPENWEATHER_API_KEY="$(sed -n 's/^OPENWEATHER_API_KEY=//p' "$out/fakes.out")"
  [ -n "$OPENWEATHER_BASE_URL" ] || { echo "$name: tenki fakes did not start (see $out/fakes.log)" >&2; return 1; }
  export OPENWEATHER_BASE_URL OPENWEATHER_API_KEY
}
