#!/usr/bin/env python3
"""Socket Mode beside HTTP, in one run: a cached `/weather danang` sent as slash_commands envelopes
over one Socket Mode connection, and as signed HTTP requests over one keep-alive connection.

Starts `tenki fakes` (whose fake Slack hands out the Socket Mode connection and records the
acknowledgements) and `tenki serve` with both SLACK_SIGNING_SECRET and SLACK_APP_TOKEN,
TENKI_SOCKET_CONNECTIONS=1. After one warm-up command each way (the only upstream calls), it measures:

  socket, one in flight   LATENCY envelopes, each sent when the previous one was acknowledged:
                          acknowledgement latency p50/p99 (envelope written to acknowledgement read,
                          by the fake's clock, in the fakes' process)
  socket, all in flight   THROUGHPUT envelopes sent at once: envelopes per second from the first
                          envelope written to the last acknowledgement read
  http, one in flight     LATENCY signed requests, one after another on one connection: p50/p99
                          from the request written to the response read, and requests per second
  http, pipelined         THROUGHPUT signed requests written at once on one connection: requests per second

Every acknowledgement must carry the Da Nang answer and every HTTP response must be 200 with it;
an envelope acknowledged twice, or never, is an error. A measurement, not a test.

    bench/socket_mode.py [--bin PATH] [--latency 500] [--throughput 5000]"""
import argparse, json, os, re, socket, subprocess, sys, tempfile, time, urllib.parse, urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from slack_wire import read_response, signed  # noqa: E402

SECRET = "socket-bench-secret"


def wait_for(path, pattern, what, seconds=30):
    end = time.time() + seconds
    while time.time() < end:
        text = open(path).read() if os.path.exists(path) else ""
        match = re.search(pattern, text, re.M)
        if match:
            return match
        time.sleep(0.05)
    sys.exit(f"socket-mode: {what} did not start:\n{text}")


def control(origin, method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(origin + "/socket-mode/" + path, data=data, method=method)
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())


def acknowledgements_until(origin, count, since, seconds=120):
    """The acknowledgements after the first `since`, once there are `count` of them (polled every 10 ms)."""
    found, end = [], time.time() + seconds
    while len(found) < count and time.time() < end:
        found += control(origin, "GET", f"acknowledgements?since={since + len(found)}")["acknowledgements"]
        if len(found) < count:
            time.sleep(0.01)
    return found


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(p / 100 * len(ordered))) - 1))]


def check_answers(acknowledgements, ids):
    seen = [a["envelope_id"] for a in acknowledgements]
    if sorted(seen) != sorted(ids):
        sys.exit(f"socket-mode: {len(set(ids) - set(seen))} envelopes never acknowledged, {len(seen) - len(set(seen))} twice")
    wrong = [a for a in acknowledgements if "Da Nang" not in json.dumps(a.get("payload"), ensure_ascii=False)]
    if wrong:
        sys.exit(f"socket-mode: {len(wrong)} acknowledgements without the Da Nang answer, e.g. {wrong[0]}")


def http_requests(port, count, pipelined):
    body = urllib.parse.urlencode({"command": "/weather", "text": "danang", "user_id": "U1", "team_id": "T1",
                                   "channel_id": "C1", "response_url": "http://127.0.0.1:9/commands/x"})
    connection = socket.create_connection(("127.0.0.1", port))
    connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    buffer, latencies = b"", []
    started = time.perf_counter()
    if pipelined:
        connection.sendall(b"".join(signed(SECRET, "/slack/commands", body) for _ in range(count)))
    for _ in range(count):
        sent = time.perf_counter()
        if not pipelined:
            connection.sendall(signed(SECRET, "/slack/commands", body))
        status, reply, buffer = read_response(connection, buffer)
        latencies.append((time.perf_counter() - sent) * 1000)
        if status != 200 or "Da Nang" not in reply.decode():
            sys.exit(f"socket-mode: HTTP answered {status}: {reply[:200]!r}")
    elapsed = time.perf_counter() - started
    connection.close()
    return count / elapsed, latencies


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=".build/release/tenki")
    parser.add_argument("--latency", type=int, default=500)
    parser.add_argument("--throughput", type=int, default=5000)
    options = parser.parse_args()
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    work = tempfile.mkdtemp(prefix="tenki-socket-bench-")
    fakes = subprocess.Popen([options.bin, "fakes", "--port", "0"], stdout=open(f"{work}/fakes.out", "w"),
                             stderr=open(f"{work}/fakes.log", "w"))
    serve = None
    try:
        origin = wait_for(f"{work}/fakes.out", r"^OPENWEATHER_BASE_URL=(\S+)$", "tenki fakes").group(1)
        app_token = wait_for(f"{work}/fakes.out", r"SLACK_APP_TOKEN=(\S+)", "tenki fakes").group(1)
        probe = socket.socket()
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
        probe.close()
        environment = dict(os.environ, SLACK_SIGNING_SECRET=SECRET, SLACK_APP_TOKEN=app_token,
                           SLACK_API_BASE_URL=origin + "/slack-api", TENKI_SOCKET_CONNECTIONS="1",
                           TENKI_STATE=f"{work}/state.sqlite", TENKI_USER_RATE_LIMIT="0",
                           TENKI_REPLAY_CACHE_ENTRIES="0", TENKI_ALLOWED_RESPONSE_HOSTS="127.0.0.1",
                           TENKI_LOG_LEVEL="warning",
                           # The HTTP side's pipelined run is one connection, as the envelopes are.
                           TENKI_MAX_REQUESTS_PER_CONNECTION=str(options.throughput + options.latency + 10), OPENWEATHER_BASE_URL=origin, OPENWEATHER_API_KEY="demo-key")
        serve = subprocess.Popen([options.bin, "serve", "--host", "127.0.0.1", "--port", str(port), "--no-scheduler"],
                                 env=environment, stderr=open(f"{work}/serve.log", "w"))
        end = time.time() + 30
        while not [c for c in control(origin, "GET", "connections")["connections"] if c["open"]]:
            if time.time() > end or serve.poll() is not None:
                sys.exit("socket-mode: tenki serve opened no Socket Mode connection:\n" + open(f"{work}/serve.log").read())
            time.sleep(0.05)

        command = {"type": "slash_commands", "command": "/weather", "text": "danang"}
        control(origin, "POST", "envelopes", dict(command, envelope_id="warm"))
        check_answers(acknowledgements_until(origin, 1, 0), ["warm"])
        http_requests(port, 1, pipelined=False)

        latencies, since = [], 1
        for index in range(options.latency):
            control(origin, "POST", "envelopes", dict(command, envelope_id=f"one-{index}"))
            found = acknowledgements_until(origin, 1, since)
            check_answers(found, [f"one-{index}"])
            latencies.append(found[0]["latency_ms"])
            since += 1
        sent = control(origin, "POST", "envelopes", dict(command, envelope_id="all", count=options.throughput))["sent"]
        found = acknowledgements_until(origin, options.throughput, since)
        check_answers(found, [s["envelope_id"] for s in sent])
        first_sent = min(a["envelope_sent_at"] for a in found)
        rate = options.throughput / (max(a["received_at"] for a in found) - first_sent)

        http_rate, http_latencies = http_requests(port, options.latency, pipelined=False)
        pipelined_rate, _ = http_requests(port, options.throughput, pipelined=True)
        print(f"cached /weather danang, one connection each way, {os.cpu_count()} cores ({options.bin})")
        print(f"  socket mode, one in flight  ({options.latency}): ack p50 {percentile(latencies, 50):.2f} ms"
              f"   p99 {percentile(latencies, 99):.2f} ms")
        print(f"  socket mode, all in flight ({options.throughput}): {rate:,.0f} envelopes/s")
        print(f"  http, one in flight         ({options.latency}): p50 {percentile(http_latencies, 50):.2f} ms"
              f"   p99 {percentile(http_latencies, 99):.2f} ms   {http_rate:,.0f} req/s")
        print(f"  http, pipelined            ({options.throughput}): {pipelined_rate:,.0f} req/s")
        upstream = [line for line in urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics").read().decode().splitlines()
                    if line.startswith("tenki_upstream_calls_total")]
        print("  upstream calls in all (the warm-ups' only):", "; ".join(upstream) or "none")
        return 0
    finally:
        for process in (serve, fakes):
            if process:
                process.terminate()
                process.wait()


if __name__ == "__main__":
    sys.exit(main())
