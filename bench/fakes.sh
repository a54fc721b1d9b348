# shellcheck shell=bash
# Sourced by the bench scripts (not run).
#
# start_fakes BINARY OUT_DIR SCRIPT_NAME
#   starts `tenki fakes` as a process of its own, so the server's process tree (and its RSS) is
#   Tenki alone, waits for its settings and exports them (OPENWEATHER_BASE_URL, OPENWEATHER_API_KEY);
#   sets FAKES_PID; returns 1 (after saying so) when the fakes did not start.
#
# export_server_settings STATE_FILE
#   exports what `tenki serve` runs with in the benchmarks: production settings (signature
#   verification with SLACK_SIGNING_SECRET, info logging to stderr in logfmt, /metrics), the state
#   file given, and the per-user rate limit off: every benchmark request comes from one user
#   (sign.py's), who would otherwise be told to slow down after 20 commands a minute. The server
#   is then started directly (`tenki serve --host 127.0.0.1 --port N`), with no wrapper script,
#   so the startup the harness measures is Tenki's own.
#
# free_port
#   prints a loopback port that was free a moment ago.
#
# wait_until_answering SCRIPT_NAME PORT SERVER_PID SERVER_LOG
#   sends cost_client.py's signed command until the server answers it (up to 60 s, or until the
#   server exits); returns 1 with the log's tail when it never does.
#
# stop_server_and_fakes
#   stops SERVER_PID and FAKES_PID, when set, with SIGTERM and waits for each: for a script's
#   cleanup on EXIT.
#
# valgrind_copy BINARY OUT_DIR
#   writes OUT_DIR/tenki, BINARY without its debug sections (valgrind 3.19 cannot read a static
#   binary's full DWARF; symbols stay), and OUT_DIR/shim.so, preloaded under valgrind only, since
#   valgrind 3.19 crashes on libdispatch's sigsuspend (valgrind-sigsuspend-shim.c).
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

export_server_settings() {
  export TENKI_STATE="$1"
  export SLACK_SIGNING_SECRET="${SLACK_SIGNING_SECRET:-benchsecret}"
  export TENKI_USER_RATE_LIMIT=0
  # wrk repeats one signed request: with replay refusal on, all but the first would be 401s.
  export TENKI_REPLAY_CACHE_ENTRIES=0
  export TENKI_LOG_LEVEL="${TENKI_LOG_LEVEL:-info}"
}

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

wait_until_answering() {
  local name="$1" port="$2" pid="$3" log="$4" here
  here="$(dirname "${BASH_SOURCE[0]}")"
  for _ in $(seq 1 600); do
    python3 "$here/cost_client.py" "$port" 1 2>/dev/null && return 0
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  echo "$name: the server never answered; its log:" >&2
  tail -20 "$log" >&2
  return 1
}

valgrind_copy() {
  local binary="$1" out="$2"
  objcopy --strip-debug "$binary" "$out/tenki"
  cc -shared -fPIC -O2 -o "$out/shim.so" "$(dirname "${BASH_SOURCE[0]}")/valgrind-sigsuspend-shim.c"
}

stop_server_and_fakes() {
  if [ -n "${SERVER_PID:-}" ]; then kill -TERM "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null; fi
  if [ -n "${FAKES_PID:-}" ]; then kill -TERM "$FAKES_PID" 2>/dev/null && wait "$FAKES_PID" 2>/dev/null; fi
  return 0
}
