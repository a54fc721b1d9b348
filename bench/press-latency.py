#!/usr/bin/env python3
"""How quickly a button press whose answer is cached reaches its response_url.

Starts `tenki fakes` and `tenki serve` on loopback, asks /weather Danang once (so the weather is
cached), then sends PRESSES signed block_actions presses of the 5-day and Now buttons, each with its
own response_url on a sink this script runs. For each press: the time from sending the request to
the sink receiving the new view. Prints p50, p90, p99 and the maximum. A measurement, not a test.

    bench/press-latency.py [--bin PATH] [--presses 200] [--concurrency 1]

The default binary is the release build (`swift build -c release` first)."""
import argparse, hashlib, hmac, json, os, subprocess, sys, tempfile, threading, time, urllib.parse, urllib.request
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

SECRET = "press-bench-secret"
VALUE_NOW = "w1;now;16.0544;108.2022;metric;en;Da Nang, VN"
arrivals = {}
acks = []
arrived = threading.Condition()


class Sink(BaseHTTPRequestHandler):
    def do_POST(self):
        stamp = time.perf_counter()
        self.rfile.read(int(self.headers.get("Content-Length", "0")))
        with arrived:
            arrivals.setdefault(self.path, stamp)
            arrived.notify_all()
        self.send_response(200)
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"ok")

    def log_message(self, *args):
        pass


def signed_post(url, body):
    stamp = str(int(time.time()))
    signature = hmac.new(SECRET.encode(), f"v0:{stamp}:{body}".encode(), hashlib.sha256).hexdigest()
    request = urllib.request.Request(url, data=body.encode(), method="POST", headers={
        "Content-Type": "application/x-www-form-urlencoded", "X-Slack-Request-Timestamp": stamp,
        "X-Slack-Signature": "v0=" + signature})
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.status, response.read()


def wait_for(path, predicate, what, seconds=30):
    end = time.time() + seconds
    while time.time() < end:
        try:
            if predicate(open(path).read()):
                return
        except FileNotFoundError:
            pass
        time.sleep(0.05)
    sys.exit(f"press-latency: {what} did not start: {open(path).read() if os.path.exists(path) else ''}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=".build/release/tenki")
    parser.add_argument("--presses", type=int, default=200)
    parser.add_argument("--concurrency", type=int, default=1)
    options = parser.parse_args()
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    work = tempfile.mkdtemp(prefix="tenki-press-")
    # A deep accept queue: with Python's default of 5, concurrent posts overflow it, and a dropped
    # SYN costs the sender a whole second (TCP's retransmission timeout), which is not Tenki's time.
    ThreadingHTTPServer.request_queue_size = 256
    sink = ThreadingHTTPServer(("127.0.0.1", 0), Sink)
    threading.Thread(target=sink.serve_forever, daemon=True).start()
    sink_origin = f"http://127.0.0.1:{sink.server_address[1]}"
    fakes_port, port = 19591, 18591
    fakes = subprocess.Popen([options.bin, "fakes", "--port", str(fakes_port)],
                             stdout=open(f"{work}/fakes.out", "w"), stderr=subprocess.DEVNULL)
    serve = None
    try:
        wait_for(f"{work}/fakes.out", lambda text: "OPENWEATHER_API_KEY" in text, "tenki fakes")
        environment = dict(os.environ, SLACK_SIGNING_SECRET=SECRET, TENKI_STATE=f"{work}/state.sqlite",
                           TENKI_USER_RATE_LIMIT="0", TENKI_REPLAY_CACHE_ENTRIES="0",
                           TENKI_ALLOWED_RESPONSE_HOSTS="127.0.0.1",
                           OPENWEATHER_BASE_URL=f"http://127.0.0.1:{fakes_port}", OPENWEATHER_API_KEY="demo-key")
        serve = subprocess.Popen([options.bin, "serve", "--host", "127.0.0.1", "--port", str(port), "--no-scheduler"],
                                 env=environment, stderr=open(f"{work}/serve.log", "w"))
        wait_for(f"{work}/serve.log", lambda text: "msg=listening" in text, "tenki serve")
        base = f"http://127.0.0.1:{port}"
        command = urllib.parse.urlencode({"command": "/weather", "text": "Danang", "user_id": "U1", "team_id": "T1",
                                          "response_url": sink_origin + "/commands/warm"})
        status, _ = signed_post(base + "/slack/commands", command)
        assert status == 200, status
        # Warm both views' caches: a press of each, not measured.
        for index, action in enumerate(["tenki.weather.forecast", "tenki.weather.now"]):
            press(base, sink_origin, f"/actions/T1/warm{index}/x", action)
        time.sleep(1)

        def measured(index):
            path = f"/actions/T1/{index}/x"
            action = "tenki.weather.forecast" if index % 2 else "tenki.weather.now"
            started = time.perf_counter()
            press(base, sink_origin, path, action)
            acks.append((time.perf_counter() - started) * 1000)
            with arrived:
                arrived.wait_for(lambda: path in arrivals, timeout=30)
                return (arrivals[path] - started) * 1000 if path in arrivals else None

        with ThreadPoolExecutor(max_workers=options.concurrency) as pool:
            results = list(pool.map(measured, range(options.presses)))
        missing = sum(1 for r in results if r is None)
        times = sorted(r for r in results if r is not None)
        def pct(p):
            return times[min(len(times) - 1, int(round(p / 100 * len(times))) - 1)]
        print(f"{len(times)} presses answered from cache reached their response_url "
              f"(concurrency {options.concurrency}; {missing} missing):")
        print(f"  p50 {pct(50):.1f} ms   p90 {pct(90):.1f} ms   p99 {pct(99):.1f} ms   max {times[-1]:.1f} ms")
        acks.sort()
        print(f"  of which the empty 200 (press acknowledged): p50 {acks[len(acks) // 2]:.1f} ms   max {acks[-1]:.1f} ms")
        upstream = [line for line in urllib.request.urlopen(base + "/metrics").read().decode().splitlines()
                    if line.startswith("tenki_upstream_calls_total")]
        print("  upstream calls in all (the warm-up's only):", "; ".join(upstream) or "none")
        return 1 if missing else 0
    finally:
        for process in (serve, fakes):
            if process:
                process.terminate()
                process.wait()


def press(base, sink_origin, path, action):
    payload = {"type": "block_actions", "user": {"id": "U1", "team_id": "T1"}, "team": {"id": "T1"},
               "container": {"type": "message", "is_ephemeral": False}, "response_url": sink_origin + path,
               "actions": [{"action_id": action, "type": "button", "value": VALUE_NOW}]}
    status, body = signed_post(base + "/slack/interactions", urllib.parse.urlencode({"payload": json.dumps(payload)}))
    assert status == 200 and body == b"", (status, body)


if __name__ == "__main__":
    sys.exit(main())
