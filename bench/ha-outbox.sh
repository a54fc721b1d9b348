#!/usr/bin/env bash
# Three `tenki serve` processes share one outbox: 1,000 webhook messages queued in one database
# for 10 loopback destinations, about 30 % of the posts failing in ways that provably did not
# arrive (refused connections, 429, 503). Run A: all three until nothing is pending; every message
# must be accepted once (or be dead with its reason), none twice. Run B: the same on a fresh
# database, with one process killed with SIGKILL a few seconds in while a post of its own is in
# flight; none may be lost, and only posts in flight at the kill may repeat (counted).
#   bench/ha-outbox.sh [--sqlite] [--messages N] [--keep]      (~3 minutes; details in bench/README.md)
#   TENKI_BIN=path/to/tenki                                    (default .build/release/tenki)
# PostgreSQL is a throwaway server started here as .ci/run's tests start theirs (initdb into a
# temporary directory, pg_ctl on a free loopback port, as the postgres user when run as root);
# --sqlite puts the three processes on one SQLite file instead. Loopback only; stops what it
# starts; exit 1 when a target is missed.
set -euo pipefail
cd "$(dirname "$0")/.."

backend=postgres messages=1000 keep=0
while [ $# -gt 0 ]; do
    case "$1" in
        --sqlite) backend=sqlite ;;
        --messages) messages=$2; shift ;;
        --keep) keep=1 ;;
        -h | --help) sed -n '2,13p' "$0" | cut -c3-; exit 0 ;;
        *) echo "ha-outbox.sh: unknown argument $1 (see --help)" >&2; exit 64 ;;
    esac
    shift
done
bin=$(realpath -m "${TENKI_BIN:-.build/release/tenki}")
[ -x "$bin" ] || { echo "ha-outbox.sh: no tenki at $bin (set TENKI_BIN, or swift build -c release)" >&2; exit 1; }
bench=$(pwd)/bench
kill_after=5 # seconds after the start when run B's victim is armed (killed at its next post)
run_limit=150 # seconds a run may take before what is still pending counts as lost

pg_bin_dir() { # the directory holding initdb and pg_ctl, as TestPostgresServer finds it
    local found
    found=$(command -v initdb 2>/dev/null) && { dirname "$found"; return; }
    found=$(find /usr/lib/postgresql -maxdepth 3 -name initdb -path '*/bin/*' 2>/dev/null | sort -V | tail -1)
    [ -n "$found" ] && dirname "$found"
}

# Dependencies, installed only when missing (Debian packages).
need=()
command -v python3 >/dev/null 2>&1 || need+=(python3)
command -v curl >/dev/null 2>&1 || need+=(curl)
if [ "$backend" = postgres ]; then
    pg_bin_dir >/dev/null || need+=(postgresql)
    command -v psql >/dev/null 2>&1 || need+=(postgresql-client)
else
    command -v sqlite3 >/dev/null 2>&1 || need+=(sqlite3)
fi
if [ "${#need[@]}" -gt 0 ]; then
    [ "$(id -u)" -eq 0 ] || { echo "ha-outbox.sh: install ${need[*]} first (apt-get install ${need[*]})" >&2; exit 1; }
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}"
fi

work=$(mktemp -d /tmp/tenki-ha-outbox.XXXXXX)
chmod 755 "$work"
pids=() pg_dir="" pg_user="" failed=0
as_pg() { if [ -n "$pg_user" ]; then runuser -u "$pg_user" -- "$@"; else "$@"; fi; }
# shellcheck disable=SC2317 # run by the trap
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    [ -z "$pg_dir" ] || as_pg "$(pg_bin_dir)/pg_ctl" -D "$pg_dir/data" -m immediate -w -s stop >/dev/null 2>&1 || true
    if [ "$keep" -eq 1 ] || [ "$failed" -ne 0 ]; then echo "logs and records kept in $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

if [ "$backend" = postgres ]; then
    pg_dir=$work/pg
    mkdir "$pg_dir"
    # PostgreSQL refuses to run as root: the server runs as postgres (or nobody), as in .ci/run.
    if [ "$(id -u)" -eq 0 ]; then
        pg_user=$(id -u postgres >/dev/null 2>&1 && echo postgres || echo nobody)
        chown "$pg_user" "$pg_dir"
    fi
    as_pg "$(pg_bin_dir)/initdb" -D "$pg_dir/data" -U tenki -A trust -E UTF8 --no-sync --no-instructions >"$work/initdb.log" 2>&1
    pg_port=$(free_port)
    as_pg "$(pg_bin_dir)/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/server.log" -w -s start \
        -o "-p $pg_port -k $pg_dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
fi

# db_exec RUN [SQL]: runs SQL (or standard input) on RUN's database; rows tab-separated.
db_exec() {
    if [ "$backend" = postgres ]; then
        psql -X -q -A -t -F $'\t' -v ON_ERROR_STOP=1 "postgres://tenki@127.0.0.1:$pg_port/$1" ${2:+-c "$2"}
    else
        sqlite3 -batch -separator $'\t' -cmd '.timeout 5000' "$work/$1/state.sqlite" ${2:+"$2"}
    fi
}

# run_case NAME TITLE KILL: one run on a fresh database; KILL=1 kills process 2 with SIGKILL.
run_case() {
    local name=$1 title=$2 killing=$3 dir=$work/$1 database body receiver main_port i port pid pending started finished
    local -a env_state tenki=() waiters=()
    mkdir "$dir"
    if [ "$backend" = postgres ]; then
        db_exec postgres "CREATE DATABASE $name"
        env_state=("TENKI_DATABASE_URL=postgres://tenki@127.0.0.1:$pg_port/$name")
        body="convert_from(body, 'UTF8')"
        database="PostgreSQL $(db_exec postgres "SELECT current_setting('server_version_num')::int / 10000"), one database"
    else
        : >"$dir/state.sqlite"
        env_state=("TENKI_STATE=$dir/state.sqlite")
        body="CAST(body AS TEXT)"
        database="one SQLite file"
    fi
    # The settings every process runs with: no provider is ever called; a post times out after 3 s
    # (the receiver answers within 50 ms), and retries back off from 0.5 s up to 4 s. The delivery
    # lease and the pace are the built-in ones.
    local -a settings=(
        env -i "PATH=$PATH" "${env_state[@]}" SLACK_SIGNING_SECRET=ha-outbox-bench
        OPENWEATHER_API_KEY=unused OPENWEATHER_BASE_URL=http://127.0.0.1:9 TENKI_SCHEDULER=off
        TENKI_DELIVERY_TIMEOUT_MS=3000 TENKI_RETRY_BASE_MS=500 TENKI_RETRY_CAP_MS=4000 TENKI_LOG_LEVEL=info)
    (cd "$dir" && "${settings[@]}" "$bin" outbox >/dev/null) # creates the schema

    python3 "$bench/ha-outbox-receiver.py" serve --ports-file "$dir/ports" --records "$dir/records" &
    receiver=$!
    pids+=("$receiver")
    for _ in $(seq 100); do [ -s "$dir/ports" ] && break; sleep 0.05; done
    read -r main_port _ <"$dir/ports"
    python3 "$bench/ha-outbox-receiver.py" sql --backend "$backend" --ports-file "$dir/ports" --messages "$messages" \
        | db_exec "$name"

    started=$(date +%s.%N)
    for i in 1 2 3; do
        port=$(free_port)
        # A subshell that waits for its tenki: a SIGKILL then shows as exit status 137 and is not
        # announced by this shell as "Killed".
        (
            cd "$dir"
            "${settings[@]}" "$bin" serve --host 127.0.0.1 --port "$port" --no-scheduler &
            echo "$!" >"p$i.pid"
            wait "$!"
        ) 2>"$dir/p$i.log" &
        waiters+=("$!")
    done
    for i in 1 2 3; do
        for _ in $(seq 100); do grep -q 'msg=listening' "$dir/p$i.log" && break; sleep 0.05; done
        grep -q 'msg=listening' "$dir/p$i.log" || { echo "process $i did not start:"; tail -5 "$dir/p$i.log"; failed=1; exit 1; }
        tenki+=("$(cat "$dir/p$i.pid")")
        pids+=("${tenki[-1]}")
    done
    if [ "$killing" -eq 1 ]; then
        curl -fsS "http://127.0.0.1:$main_port/control/go?kill_pid=${tenki[1]}&kill_after=$kill_after" >/dev/null
    else
        curl -fsS "http://127.0.0.1:$main_port/control/go" >/dev/null
    fi
    for _ in $(seq "$run_limit"); do
        pending=$(db_exec "$name" "SELECT count(*) FROM deliveries WHERE state = 'pending'") || pending=unknown
        [ "$pending" = 0 ] && break
        sleep 1
    done
    finished=$(date +%s.%N)
    for pid in "${tenki[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    for i in 0 1 2; do
        local status=0
        wait "${waiters[$i]}" || status=$?
        if [ "$killing" -eq 1 ] && [ "$i" -eq 1 ]; then
            [ "$status" -eq 137 ] || { echo "process 2 exited $status, not by SIGKILL (137)"; failed=1; }
        fi
    done
    kill "$receiver" 2>/dev/null || true
    wait "$receiver" 2>/dev/null || true
    db_exec "$name" "SELECT $body, state, attempts, coalesce(last_error, '') FROM deliveries ORDER BY id" >"$dir/rows.tsv"
    python3 "$bench/ha-outbox-report.py" --title "$title ($database)" --records "$dir/records" --rows "$dir/rows.tsv" \
        --started "$started" --finished "$finished" --logs "$dir/p1.log" "$dir/p2.log" "$dir/p3.log" \
        --killed "$((killing * 2))" || failed=1
}

begun=$SECONDS
echo "tenki: $bin ($("$bin" --version 2>/dev/null || echo "version unknown"))"
run_case run_a "run A: three processes, 30 % failed posts" 0
echo
run_case run_b "run B: the same, process 2 killed with SIGKILL" 1
echo
echo "both runs took $((SECONDS - begun)) s"
exit "$failed"
