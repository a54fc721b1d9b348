#!/usr/bin/env bash
# The rolling-restart check: three `tenki serve` replicas on one PostgreSQL behind nginx,
# a steady stream of signed slash commands, and meanwhile
#   1. a rolling restart, one replica at a time (maxSurge 1, maxUnavailable 0): start the new one
#      on a new port, wait until it is ready, then swap it into nginx's upstream and SIGTERM the
#      old one at the same moment (Kubernetes removes a terminating pod's endpoint and signals it
#      concurrently; Tenki's drain delay is what covers the load balancer's lag);
#   2. a SIGKILL of one replica, restarted on the same port after a second (a container restart
#      in its pod; nginx's passive health check takes it out meanwhile);
#   3. `pg_ctl restart` of the database under load.
# Then it waits (at most 90 s) for the late answers and reports: commands sent, non-200 answers by
# phase, placeholders, late answers delivered / twice / lost, the requests in flight on the killed
# replica, the answers during the database restart, the digest slots (one due every minute), and
# the outbox. Exit 1 when a target is missed (bench/README.md, "Rolling restarts on PostgreSQL"),
# 2 when the setup failed.
#
# nginx retries a request on another replica only when it could not be sent (`proxy_next_upstream
# error timeout` without `non_idempotent`: a POST that reached a replica is never sent twice), and
# opens a new connection per request (no upstream keep-alive), so a replica that stops listening
# costs nothing, while a command cut mid-request by a SIGKILL is a 502: counted on its own line.
#
# Every fifth command asks for coordinates no cache holds; the fake upstream answers after
# LATENCY_MS (3000) and the inline budget is BUDGET_MS (500), so those are acknowledged with the
# "Looking up…" placeholder and answered through their own response_url on the fakes' sink.
#
#   bench/ha-rollout.sh                       (as root on a fresh Debian: installs what is missing)
#   TENKI_BIN=/path/to/tenki RATE=20 STREAM_SECONDS=100 bench/ha-rollout.sh
# TENKI_BIN defaults to .build/release/tenki (built with `swift build -c release` when absent).
# Needs postgresql (server and libpq5), nginx-light, curl and python3; loopback only; about
# 3 minutes; keeps its logs in OUT (default /tmp/tenki-ha-rollout/DATE) and stops what it starts.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
TENKI_BIN="${TENKI_BIN:-$ROOT/.build/release/tenki}"
OUT="${OUT:-/tmp/tenki-ha-rollout/$(date +%Y%m%d-%H%M%S)}"
RATE="${RATE:-20}"
STREAM_SECONDS="${STREAM_SECONDS:-100}"
LATENCY_MS="${LATENCY_MS:-3000}"
BUDGET_MS="${BUDGET_MS:-500}"
SECRET=ha-rollout-secret
HELPER=(python3 "$HERE/ha_rollout.py")

say() { printf '%s\n' "$*" >&2; }
fail() { say "ha-rollout.sh: $*"; exit 2; }
T0=$(date +%s.%N)
elapsed() { awk -v now="$(date +%s.%N)" -v t0="$T0" 'BEGIN { printf "%6.1f", now - t0 }'; }
progress() { say "[$(elapsed) s] $*"; }
event() { printf '%s %s\n' "$(date +%s.%N)" "$*" >>"$OUT/phases.log"; }

pg_bin() {
    if command -v initdb >/dev/null 2>&1; then dirname "$(command -v initdb)"; return; fi
    local dir
    for dir in $(printf '%s\n' /usr/lib/postgresql/*/bin | sort -V -r); do
        [ -x "$dir/initdb" ] && { echo "$dir"; return; }
    done
    return 0
}

# --- dependencies: installed with apt-get only when missing -------------------------------------
missing=()
[ -n "$(pg_bin)" ] || missing+=(postgresql)
command -v psql >/dev/null 2>&1 || missing+=(postgresql-client)
dpkg -s libpq5 >/dev/null 2>&1 || ldconfig -p 2>/dev/null | grep -q 'libpq\.so\.5' || missing+=(libpq5)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx-light)
command -v curl >/dev/null 2>&1 || missing+=(curl)
command -v python3 >/dev/null 2>&1 || missing+=(python3)
if [ "${#missing[@]}" -gt 0 ]; then
    [ "$(id -u)" = 0 ] || fail "missing ${missing[*]}: install them (apt-get install ${missing[*]}) or run as root"
    progress "installing ${missing[*]}"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
PG_BIN="$(pg_bin)"
NGINX="$(command -v nginx || echo /usr/sbin/nginx)"
if [ ! -x "$TENKI_BIN" ]; then
    progress "no $TENKI_BIN: bench/release-build.sh"
    TENKI_BIN="$("$ROOT/bench/release-build.sh")"
fi

mkdir -p "$OUT/nginx/tmp" "$OUT/pg"
chmod 755 "$OUT"
: >"$OUT/phases.log"

# PostgreSQL refuses to run as root: as root it runs as postgres (or nobody), like .ci/run's.
PG_USER=""
if [ "$(id -u)" = 0 ]; then
    PG_USER=nobody
    id postgres >/dev/null 2>&1 && PG_USER=postgres
    chown "$PG_USER" "$OUT/pg"
fi
as_pg() { if [ -n "$PG_USER" ]; then runuser -u "$PG_USER" -- "$@"; else "$@"; fi; }

FAKES_PID="" NGINX_PID="" STREAM_PID="" PG_STARTED=""
PIDS=() PORTS=()
# shellcheck disable=SC2317 # run by the EXIT trap
cleanup() {
    local pid
    [ -n "$STREAM_PID" ] && kill "$STREAM_PID" 2>/dev/null
    for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
    [ -n "$NGINX_PID" ] && { kill -QUIT "$NGINX_PID" 2>/dev/null; wait "$NGINX_PID" 2>/dev/null || true; }
    [ -n "$FAKES_PID" ] && { kill -TERM "$FAKES_PID" 2>/dev/null; wait "$FAKES_PID" 2>/dev/null || true; }
    if [ -n "$PG_STARTED" ]; then
        as_pg "$PG_BIN/pg_ctl" -D "$OUT/pg/data" -m immediate -w -s stop >/dev/null 2>&1 || true
        rm -rf "$OUT/pg/data"
    fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

read -r PG_PORT LB_PORT FAKES_PORT P0 P1 P2 N0 N1 N2 < <("${HELPER[@]}" ports 9)
PORTS=("$P0" "$P1" "$P2")
NEW_PORTS=("$N0" "$N1" "$N2")

# --- PostgreSQL: a throwaway server on a free loopback port -------------------------------------
progress "PostgreSQL ($PG_BIN) on 127.0.0.1:$PG_PORT as ${PG_USER:-$(id -un)}"
as_pg "$PG_BIN/initdb" -D "$OUT/pg/data" -U tenki -A trust -E UTF8 --no-sync --no-instructions >"$OUT/initdb.log" 2>&1 \
    || fail "initdb failed: $(tail -3 "$OUT/initdb.log")"
PG_OPTIONS="-p $PG_PORT -k $OUT/pg -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100"
as_pg "$PG_BIN/pg_ctl" -D "$OUT/pg/data" -o "$PG_OPTIONS" -l "$OUT/pg/server.log" -w -s start \
    || fail "PostgreSQL did not start (see $OUT/pg/server.log)"
PG_STARTED=1
DATABASE_URL="postgres://tenki@127.0.0.1:$PG_PORT/postgres"

# --- the fakes: OpenWeatherMap and NewsAPI after LATENCY_MS, and the webhook sink ---------------
"$TENKI_BIN" fakes --port "$FAKES_PORT" --latency-ms "$LATENCY_MS" >"$OUT/fakes.out" 2>"$OUT/fakes.log" &
FAKES_PID=$!
for _ in $(seq 100); do grep -q '^NEWSAPI_KEY=' "$OUT/fakes.out" 2>/dev/null && break; sleep 0.1; done
grep -q '^NEWSAPI_KEY=' "$OUT/fakes.out" || fail "tenki fakes did not start (see $OUT/fakes.log)"
SINK="http://127.0.0.1:$FAKES_PORT"

# --- the replicas: one database, no TENKI_STATE, each with its scheduler ------------------------
SERVE_ENV=(
    "TENKI_DATABASE_URL=$DATABASE_URL" "SLACK_SIGNING_SECRET=$SECRET"
    "OPENWEATHER_BASE_URL=$SINK" "OPENWEATHER_API_KEY=demo-key" "NEWSAPI_BASE_URL=$SINK" "NEWSAPI_KEY=demo-key"
    "TENKI_ALLOWED_RESPONSE_HOSTS=127.0.0.1" "TENKI_INLINE_BUDGET_MS=$BUDGET_MS"
    "DIGEST_WEBHOOK_URL=$SINK/services/T0HA/B0HA/digest" "DIGEST_SCHEDULE=* * * * *" "DIGEST_CITIES=Tokyo,JP"
    "TENKI_LOG_LEVEL=info"
)
start_replica() { # slot port: starts it and records its pid in PIDS[slot]
    env -u TENKI_STATE -u TENKI_CONFIG -u TENKI_BIN "${SERVE_ENV[@]}" "$TENKI_BIN" serve --host 127.0.0.1 --port "$2" \
        >>"$OUT/replica-$2.log" 2>&1 &
    PIDS[$1]=$!
}
wait_ready() { # port pid: until /readyz (or, where there is none, /healthz) answers 200, at most 30 s
    local code
    for _ in $(seq 300); do
        kill -0 "$2" 2>/dev/null || fail "the replica on :$1 exited (see $OUT/replica-$1.log)"
        code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 1 "http://127.0.0.1:$1/readyz" || true)
        [ "$code" = 404 ] && code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 1 "http://127.0.0.1:$1/healthz" || true)
        [ "$code" = 200 ] && return 0
        sleep 0.1
    done
    fail "the replica on :$1 was not ready within 30 s (see $OUT/replica-$1.log)"
}
wait_exit() { # pid port: waits (at most 60 s) and says how the replica ended
    local started status=""
    started=$(date +%s.%N)
    for _ in $(seq 600); do kill -0 "$1" 2>/dev/null || break; sleep 0.1; done
    if kill -0 "$1" 2>/dev/null; then
        say "    the replica on :$2 was still running 60 s after its signal"
        return
    fi
    wait "$1" 2>/dev/null || status=$?
    say "    the replica on :$2 exited with status ${status:-0} after $(awk -v s="$started" -v n="$(date +%s.%N)" \
        'BEGIN { printf "%.1f", n - s }') s"
}

# --- nginx: the three replicas as one upstream ---------------------------------------------------
write_upstreams() {
    local port
    {
        echo "upstream tenki {"
        for port in "${PORTS[@]}"; do echo "    server 127.0.0.1:$port max_fails=1 fail_timeout=5s;"; done
        echo "}"
    } >"$OUT/nginx/upstreams.conf"
}
NGINX_USER=""
[ "$(id -u)" = 0 ] && NGINX_USER="user nobody nogroup;"
cat >"$OUT/nginx/nginx.conf" <<EOF
$NGINX_USER
worker_processes 1;
pid $OUT/nginx/nginx.pid;
error_log $OUT/nginx/error.log warn;
events { worker_connections 1024; }
http {
    log_format bench '\$http_x_bench_command|\$status|\$upstream_addr|\$upstream_status';
    access_log $OUT/access.log bench;
    client_body_temp_path $OUT/nginx/tmp/body;
    proxy_temp_path $OUT/nginx/tmp/proxy;
    fastcgi_temp_path $OUT/nginx/tmp/fastcgi;
    uwsgi_temp_path $OUT/nginx/tmp/uwsgi;
    scgi_temp_path $OUT/nginx/tmp/scgi;
    include $OUT/nginx/upstreams.conf;
    server {
        listen 127.0.0.1:$LB_PORT;
        location / {
            proxy_pass http://tenki;
            # Another replica only when this one could not be reached: without non_idempotent, nginx
            # never re-sends a POST that was already sent (a slash command would run twice).
            proxy_next_upstream error timeout;
            proxy_next_upstream_tries 3;
            proxy_connect_timeout 1s;
            proxy_read_timeout 10s;
            proxy_set_header Host \$host;
        }
    }
}
EOF

progress "three replicas on :${PORTS[*]}, nginx on :$LB_PORT, fakes on :$FAKES_PORT" \
    "(upstream latency ${LATENCY_MS} ms, inline budget ${BUDGET_MS} ms)"
for slot in 0 1 2; do start_replica "$slot" "${PORTS[$slot]}"; done
for slot in 0 1 2; do wait_ready "${PORTS[$slot]}" "${PIDS[$slot]}"; done
event replicas-started
write_upstreams
NGINX_ARGS=(-e "$OUT/nginx/error.log" -p "$OUT/nginx" -c "$OUT/nginx/nginx.conf")
"$NGINX" "${NGINX_ARGS[@]}" -t >"$OUT/nginx/check.log" 2>&1 \
    || fail "nginx refused its configuration: $(cat "$OUT/nginx/check.log")"
"$NGINX" "${NGINX_ARGS[@]}" -g 'daemon off;' &
NGINX_PID=$!
for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$LB_PORT/healthz" && break; sleep 0.1; done

# --- the stream, and the restarts while it runs --------------------------------------------------
"${HELPER[@]}" stream --url "http://127.0.0.1:$LB_PORT" --secret "$SECRET" --sink "$SINK" --out "$OUT" --rate "$RATE" &
STREAM_PID=$!
STREAM_STARTED=$SECONDS
event "settings $LATENCY_MS $BUDGET_MS"
progress "stream of $RATE signed commands a second started (for $STREAM_SECONDS s)"
sleep 10

progress "rolling restart: new replica ready, then the old one out of nginx and SIGTERM'd, one at a time"
event sigterm-start
for slot in 0 1 2; do
    old_port=${PORTS[$slot]} old_pid=${PIDS[$slot]} new_port=${NEW_PORTS[$slot]}
    start_replica "$slot" "$new_port"
    wait_ready "$new_port" "${PIDS[$slot]}"
    PORTS[slot]=$new_port
    write_upstreams
    kill -HUP "$NGINX_PID"
    kill -TERM "$old_pid"
    event "sigterm $old_port $new_port"
    progress "  :$new_port ready and in nginx; :$old_port SIGTERM'd"
    wait_exit "$old_pid" "$old_port"
done
event sigterm-end
sleep 8

killed_port=${PORTS[1]}
progress "SIGKILL of the replica on :$killed_port"
{ kill -KILL "${PIDS[1]}"; wait "${PIDS[1]}" || true; } 2>/dev/null  # (no "Killed" notice from bash)
event "sigkill $killed_port"
sleep 1
start_replica 1 "$killed_port"
wait_ready "$killed_port" "${PIDS[1]}"
event sigkill-ready
progress "  restarted on :$killed_port and ready"
sleep 8

progress "pg_ctl restart (fast) of the database under load"
event db-restart-start
as_pg "$PG_BIN/pg_ctl" -D "$OUT/pg/data" -m fast -l "$OUT/pg/server.log" -w -s restart || fail "pg_ctl restart failed"
event db-restart-end
progress "  the database is back"
sleep $((STREAM_SECONDS - (SECONDS - STREAM_STARTED) > 15 ? STREAM_SECONDS - (SECONDS - STREAM_STARTED) : 15))

touch "$OUT/stop"
wait "$STREAM_PID" || fail "the command stream failed"
STREAM_PID=""
event stream-end
progress "stream stopped; waiting (at most 90 s) for every placeholder's late answer and an empty queue"
"${HELPER[@]}" wait --sink "$SINK" --database-url "$DATABASE_URL" --out "$OUT" --seconds 90
# A digest slot claimed in the last seconds may still be on its way: until every claimed slot's
# post arrived, at most 30 s more.
for _ in $(seq 30); do
    slots=$(psql "$DATABASE_URL" -At -c "SELECT count(*) FROM digest_slots")
    [ "$slots" -le "$("${HELPER[@]}" digest-posts --sink "$SINK")" ] && break
    sleep 1
done
"${HELPER[@]}" wait --sink "$SINK" --database-url "$DATABASE_URL" --out "$OUT" --seconds 0 2>/dev/null
event collected
psql "$DATABASE_URL" -At -F'|' -c "SELECT digest, slot FROM digest_slots ORDER BY slot" >"$OUT/slots.txt"
# What is still pending, with its destination (the command's response_url names it) and whether it
# is the held "please run the command again" fallback: the report says whom it is for.
psql "$DATABASE_URL" -At -F'|' -c "SELECT kind, destination_url, round((next_attempt_at - extract(epoch FROM now()))::numeric),
    position('restarted before' IN convert_from(body, 'UTF8')) > 0 FROM deliveries WHERE state = 'pending' ORDER BY id" \
    >"$OUT/pending.txt"
env -u TENKI_STATE "TENKI_DATABASE_URL=$DATABASE_URL" "$TENKI_BIN" outbox >"$OUT/outbox.txt" 2>>"$OUT/outbox.log" \
    || say "tenki outbox failed (see $OUT/outbox.log)"

echo
echo "== rolling-restart check ($TENKI_BIN, $RATE commands/s; logs in $OUT)"
status=0
"${HELPER[@]}" report --out "$OUT" || status=$?
exit "$status"
