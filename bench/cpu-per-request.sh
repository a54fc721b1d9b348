#!/usr/bin/env bash
# Where a request's CPU goes at c50, Tenki beside nginx: user and system time per request of the
# server process (all its threads, from /proc/PID/stat over each run), with req/s and p99. Three
# targets in alternation, pinned as in ../shared/peers/run.sh (server on CPU 0, `wrk -t1 -c50` with
# slash.lua on CPU 1):
#   nginx-133    nginx as the peer harness configures it (a fixed 133-byte JSON body)
#   nginx-tenki  the same nginx answering with Tenki's own answer (the bytes `tenki serve` replies to
#                the benchmark's signed `/weather danang`, about 1.8 KB): what the answer's size costs
#   tenki        `tenki serve` with bench/fakes.sh's settings (production, as in bench/run.sh)
#   baseline     with --baseline, another build of Tenki the same way, with a state file of its own
#                (e.g. round 1's, as bench/run.sh --baseline 706f8b6 builds it under /tmp/tenki-bench-builds)
#
#   bench/cpu-per-request.sh [--baseline TENKI-BINARY] TENKI-BINARY [RUNS] [SECONDS]   # 3 runs of 5 s unless given
#
# Needs ../shared/peers/setup.sh run once (wrk, nginx). Loopback only; about 1.5 minutes.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PEERS="$HERE/../../shared/peers"
USAGE="usage: bench/cpu-per-request.sh [--baseline TENKI-BINARY] TENKI-BINARY [RUNS] [SECONDS]"
BASELINE=""
if [ "${1:-}" = --baseline ]; then BASELINE="$(realpath "${2:?$USAGE}")"; shift 2; fi
BIN="$(realpath "${1:?$USAGE}")"
RUNS="${2:-3}"; SECONDS_PER_RUN="${3:-5}"
for tool in wrk nginx taskset python3; do
  command -v "$tool" >/dev/null || [ -x "/usr/sbin/$tool" ] || { echo "cpu-per-request: $tool not found (../shared/peers/setup.sh)" >&2; exit 1; }
done
PATH="$PATH:/usr/sbin"
OUT="$(mktemp -d /tmp/tenki-cpu-per-request.XXXXXX)"
FAKES_PID=""; SERVER_PID=""; BASELINE_PID=""
cleanup() {
  for pidfile in "$OUT"/nginx-*/nginx.pid; do [ -s "$pidfile" ] && { kill "$(cat "$pidfile")" 2>/dev/null || true; }; done
  if [ -n "$BASELINE_PID" ]; then kill -TERM "$BASELINE_PID" 2>/dev/null && wait "$BASELINE_PID" 2>/dev/null; fi
  stop_server_and_fakes
  rm -rf "$OUT"
}
trap cleanup EXIT
# shellcheck source=bench/fakes.sh
. "$HERE/fakes.sh"

start_fakes "$BIN" "$OUT" cpu-per-request
export_server_settings "$OUT/state.sqlite"
TENKI_PORT="$(free_port)"
taskset -c 0 "$BIN" serve --host 127.0.0.1 --port "$TENKI_PORT" --no-scheduler >"$OUT/server.log" 2>&1 &
SERVER_PID=$!
wait_until_answering cpu-per-request "$TENKI_PORT" "$SERVER_PID" "$OUT/server.log"
TARGETS=(nginx-133 nginx-tenki tenki)
if [ -n "$BASELINE" ]; then
  BASELINE_PORT="$(free_port)"
  TENKI_STATE="$OUT/baseline.sqlite" taskset -c 0 "$BASELINE" serve --host 127.0.0.1 --port "$BASELINE_PORT" \
    --no-scheduler >"$OUT/baseline.log" 2>&1 &
  BASELINE_PID=$!
  wait_until_answering cpu-per-request "$BASELINE_PORT" "$BASELINE_PID" "$OUT/baseline.log"
  TARGETS+=(baseline)
fi
eval "$(python3 "$PEERS/sign.py" --shell 2>/dev/null)"

# Tenki's answer to the request wrk sends, written as an nginx `return` string.
python3 - "$TENKI_PORT" "$PEERS/nginx.conf" "$OUT" <<'EOF'
import http.client, os, re, sys
port, template, out = int(sys.argv[1]), sys.argv[2], sys.argv[3]
connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
connection.request("POST", "/slack/commands", body=os.environ["SLASH_BODY"], headers={
    "Content-Type": "application/x-www-form-urlencoded",
    "X-Slack-Request-Timestamp": os.environ["SLASH_TS"], "X-Slack-Signature": os.environ["SLASH_SIG"]})
response = connection.getresponse()
body = response.read().decode()
if response.status != 200 or "Da Nang" not in body or "$" in body:
    sys.exit(f"cpu-per-request: unexpected answer {response.status}: {body[:200]}")
conf = open(template).read()
quoted = body.replace("\\", "\\\\").replace("'", "\\'")
for name, text in (("nginx-133", None), ("nginx-tenki", quoted)):
    directory = os.path.join(out, name)
    os.makedirs(directory)
    c = re.sub(r"listen 127\.0\.0\.1:[0-9]+;", "listen 127.0.0.1:0;", conf)  # start_nginx sets the port
    if text is not None:
        c = re.sub(r"return 200 '.*';", lambda _: f"return 200 '{text}';", c)
    open(os.path.join(directory, "nginx.conf.in"), "w").write(c)
print(f"cpu-per-request: Tenki's answer is {len(body.encode())} bytes", file=sys.stderr)
EOF

start_nginx() {  # $1 = name; sets the port in the config, starts it pinned, echoes its port (cleanup stops it)
  local dir="$OUT/$1" port
  port="$(free_port)"
  sed "s/listen 127\.0\.0\.1:0;/listen 127.0.0.1:$port;/" "$dir/nginx.conf.in" >"$dir/nginx.conf"
  taskset -c 0 nginx -p "$dir/" -c "$dir/nginx.conf" -e stderr >"$dir/log" 2>&1 &
  for _ in $(seq 1 100); do [ -s "$dir/nginx.pid" ] && break; sleep 0.05; done
  echo "$port"
}
NGINX_133_PORT="$(start_nginx nginx-133)"
NGINX_TENKI_PORT="$(start_nginx nginx-tenki)"

cpu_ticks() { awk '{print $14 + 0, $15 + 0}' "/proc/$1/stat"; }
worker_of() { pgrep -P "$(cat "$OUT/$1/nginx.pid")" | head -1; }

printf 'run\ttarget\treq/s\tp99_ms\tuser_us\tsys_us\n' >"$OUT/results.tsv"
for run in $(seq 1 "$RUNS"); do
  for target in "${TARGETS[@]}"; do
    case "$target" in
      nginx-133) port="$NGINX_133_PORT"; pid="$(worker_of nginx-133)" ;;
      nginx-tenki) port="$NGINX_TENKI_PORT"; pid="$(worker_of nginx-tenki)" ;;
      tenki) port="$TENKI_PORT"; pid="$SERVER_PID" ;;
      baseline) port="$BASELINE_PORT"; pid="$BASELINE_PID" ;;
    esac
    url="http://127.0.0.1:$port/slack/commands"
    taskset -c 1 wrk -t1 -c50 -d1s -s "$PEERS/slash.lua" "$url" >/dev/null 2>&1  # warm-up
    read -r user0 sys0 < <(cpu_ticks "$pid")
    taskset -c 1 wrk -t1 -c50 -d"${SECONDS_PER_RUN}s" -s "$PEERS/slash.lua" "$url" >"$OUT/wrk.txt" 2>&1
    read -r user1 sys1 < <(cpu_ticks "$pid")
    python3 - "$run" "$target" "$OUT/wrk.txt" "$((user1 - user0))" "$((sys1 - sys0))" "$(getconf CLK_TCK)" \
      >>"$OUT/results.tsv" <<'EOF'
import re, sys
run, target, log, user, system, hz = sys.argv[1:]
stat = dict(re.findall(r"(\w+)=([0-9.]+)", next(l for l in open(log) if l.startswith("WRKSTAT"))))
requests = int(stat["requests"])
if int(stat["non2xx"]) or int(stat["timeout"]):
    sys.exit(f"cpu-per-request: {target} answered non-2xx or timed out: {stat}")
per = lambda ticks: int(ticks) / int(hz) / requests * 1e6
print(f"{run}\t{target}\t{float(stat['rps']):.0f}\t{int(stat['p99_us']) / 1000:.2f}\t{per(user):.2f}\t{per(system):.2f}")
EOF
    tail -1 "$OUT/results.tsv"
  done
done

python3 - "$OUT/results.tsv" <<'EOF'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
median = lambda target, key: statistics.median(float(r[key]) for r in rows if r["target"] == target)
print("\nmedians        req/s   p99 ms  user µs  sys µs  per request")
for target in ("nginx-133", "nginx-tenki", "tenki", "baseline"):
    if not any(r["target"] == target for r in rows):
        continue
    print(f"{target:12s} {median(target, 'req/s'):8.0f} {median(target, 'p99_ms'):7.2f} "
          f"{median(target, 'user_us'):8.2f} {median(target, 'sys_us'):7.2f}")
tenki = median("tenki", "req/s")
for anchor in ("nginx-133", "nginx-tenki", "baseline"):
    if any(r["target"] == anchor for r in rows):
        print(f"tenki / {anchor}: {tenki / median(anchor, 'req/s'):.2f}x")
EOF
