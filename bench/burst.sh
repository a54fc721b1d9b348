#!/usr/bin/env bash
# A burst of good and bad requests against a local `tenki serve` (fake upstreams), then the
# metrics and the log it produced: what an operator sees. Loopback only; stops what it starts.
#   bench/burst.sh [path/to/tenki]      (default: the release build)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-$(swift build -c release --show-bin-path)/tenki}
work=$(mktemp -d)
fakes_port=19391 port=18391 secret=burst-secret
cleanup() { kill "$serve_pid" "$fakes_pid" 2>/dev/null || true; rm -rf "$work"; }
"$bin" fakes --port "$fakes_port" >"$work/fakes.out" 2>/dev/null & fakes_pid=$!
for _ in $(seq 50); do grep -q NEWSAPI_KEY "$work/fakes.out" 2>/dev/null && break; sleep 0.1; done
SLACK_SIGNING_SECRET=$secret TENKI_STATE="$work/state.sqlite" TENKI_METRICS_TOKEN=metrics-token \
OPENWEATHER_BASE_URL=http://127.0.0.1:$fakes_port OPENWEATHER_API_KEY=demo-key \
NEWSAPI_BASE_URL=http://127.0.0.1:$fakes_port NEWSAPI_KEY=demo-key \
    "$bin" serve --host 127.0.0.1 --port "$port" --no-scheduler 2>"$work/serve.log" & serve_pid=$!
trap cleanup EXIT
for _ in $(seq 50); do grep -q "msg=listening" "$work/serve.log" 2>/dev/null && break; sleep 0.1; done

url=http://127.0.0.1:$port/slack/commands
post() { # body [timestamp]
    local ts=${2:-$(date +%s)} sig
    sig=$(printf 'v0:%s:%s' "$ts" "$1" | openssl dgst -sha256 -hmac "$secret" -r | cut -d' ' -f1)
    curl -s -o /dev/null -w '%{http_code} ' "$url" -H "X-Slack-Request-Timestamp: $ts" -H "X-Slack-Signature: v0=$sig" --data "$1"
}
weather='command=%2Fweather&text=Tokyo&user_id=U1&team_id=T1&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1%2F1%2Fx'
printf 'statuses: '
for _ in 1 2 3; do post "$weather"; done
post 'command=%2Fnews&text=tech&user_id=U2&team_id=T1'
post "$weather" $(( $(date +%s) - 400 ))
post "$weather" $(( $(date +%s) + 400 ))
curl -s -o /dev/null -w '%{http_code} ' "$url" --data "$weather"
curl -s -o /dev/null -w '%{http_code} ' "$url" -H "X-Slack-Request-Timestamp: $(date +%s)" -H "X-Slack-Signature: v0=$(printf '0%.0s' $(seq 64))" --data "$weather"
curl -s -o /dev/null -w '%{http_code} ' "http://127.0.0.1:$port/nope"
curl -s -o /dev/null -w '%{http_code} ' -X GET "$url"
curl -s -o /dev/null -w '%{http_code} ' "$url" -H 'Content-Type: application/json' --data '{}'
head -c 70000 /dev/zero | tr '\0' x | curl -s -o /dev/null -w '%{http_code} ' "$url" --data-binary @-
python3 - "$port" <<'PY'
import socket, sys
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
s.sendall(b"POST /slack/commands HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n")
print(s.recv(100).split(b"\r\n")[0].decode().split(" ")[1], end=" ")
PY
curl -s -o /dev/null -w '%{http_code}\n' "http://127.0.0.1:$port/metrics"
echo; echo "== /metrics (with the bearer token), tenki_ series"
curl -s "http://127.0.0.1:$port/metrics" -H 'Authorization: Bearer metrics-token' | grep -E '^tenki_(http_requests|signature|http_rejections|http_connections_total|cache_lookups|upstream_calls)'
echo; echo "== log (stderr)"
cat "$work/serve.log"
