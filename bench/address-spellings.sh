#!/usr/bin/env bash
# Checks that a feed URL whose host is a loopback address in any spelling the resolver or
# libcurl accepts (decimal, hex, short, octal, IPv6-mapped; and a name that resolves to loopback)
# is refused before any connection while TENKI_NEWS_FEEDS_ALLOW_PRIVATE is off (the default).
#
# A listener on 127.0.0.1 counts the connections it accepts and answers each with a small RSS
# feed; `tenki preview /news` fetches one feed per spelling. Loopback only, bounded: at most
# 15 s per spelling, 2 minutes in all.
#
#   bench/address-spellings.sh [path/to/tenki]     # default .build/debug/tenki
set -euo pipefail
cd "$(dirname "$0")/.."
TENKI=${1:-.build/debug/tenki}
[ -x "$TENKI" ] || { echo "no tenki at $TENKI: run swift build --product tenki first" >&2; exit 1; }

work=$(mktemp -d)
trap 'kill "$listener" 2>/dev/null || true; rm -rf "$work"' EXIT

timeout 120 python3 - "$work" <<'PY' &
import socket, sys, os
work = sys.argv[1]
server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
server.bind(("127.0.0.1", 0))
server.listen(64)
with open(os.path.join(work, "port.tmp"), "w") as f:
    f.write(str(server.getsockname()[1]))
os.rename(os.path.join(work, "port.tmp"), os.path.join(work, "port"))
body = (b'<?xml version="1.0"?><rss version="2.0"><channel><title>Loopback</title>'
        b'<item><title>FETCHED FROM 127.0.0.1</title><link>https://example.com/a</link></item></channel></rss>')
accepted = 0
while True:
    connection, _ = server.accept()
    accepted += 1
    with open(os.path.join(work, "accepted"), "w") as f:
        f.write(str(accepted))
    connection.settimeout(5)
    try:
        data = b""
        while b"\r\n\r\n" not in data and len(data) < 65536:
            piece = connection.recv(4096)
            if not piece:
                break
            data += piece
        connection.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/rss+xml\r\nConnection: close\r\n"
                           + b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
    except OSError:
        pass
    connection.close()
PY
listener=$!
for _ in $(seq 50); do [ -f "$work/port" ] && break; sleep 0.1; done
port=$(cat "$work/port")
accepted() { cat "$work/accepted" 2>/dev/null || echo 0; }

name=$(hostname)
spellings=(127.0.0.1 2130706433 0x7f000001 127.1 0177.0.0.1 017700000001 "[::ffff:7f00:1]" "[::ffff:127.0.0.1]" localhost)
if getent hosts "$name" | grep -qE '^(127\.|::1)'; then spellings+=("$name"); fi

echo "listener 127.0.0.1:$port; TENKI_NEWS_FEEDS_ALLOW_PRIVATE unset (off); $("$TENKI" --version 2>/dev/null || echo tenki)"
printf '%-22s %-9s %s\n' "host" "accepted" "what /news said about the feed"
total=0
for host in "${spellings[@]}"; do
    before=$(accepted)
    reply=$(env -i PATH="$PATH" HOME="$work" TENKI_NEWS_PROVIDER=feeds TENKI_NEWS_FEEDS="probe=http://$host:$port/rss" \
        TENKI_STATE="$work/state.sqlite" TENKI_LOG_LEVEL=error \
        timeout 15 "$TENKI" preview "/news" --format text 2>&1 || true)
    after=$(accepted)
    delta=$((after - before))
    total=$((total + delta))
    said=$(printf '%s\n' "$reply" | grep -m1 -E 'FETCHED|probe|could not|⚠️' | tr -s ' ' | cut -c1-90)
    printf '%-22s %-9s %s\n' "$host" "$delta" "${said:-$(printf '%s' "$reply" | head -1 | cut -c1-90)}"
done
echo "connections accepted in all: $total (expected 0)"
[ "$total" -eq 0 ]
