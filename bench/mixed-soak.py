#!/usr/bin/env python3
"""A steady, mixed soak: what a busy team does to one `tenki serve` for a while.

Starts `tenki fakes` (weather and three feeds), a `response_url` sink and `tenki serve` on loopback
with production settings (verification, replay refusal, the per-user rate limit, info logs, /news
from feeds), then for SECONDS sends RATE signed requests a second, spread evenly over CONNECTIONS
keep-alive connections (well under the connection limit): slash commands for seven places and
four views, button presses (Now, Hourly, 5-day, Air) and `/news` from the feeds, each from one of
1,000 users, each with its own `response_url` on the sink. Every INTERVAL seconds it samples the
server's VmRSS and open descriptors.

Nothing may be lost: every request is answered 200; every press taken and every command answered
with a placeholder is posted to its own `response_url` exactly once by the end. It prints the
samples' summary and exits 1 unless, after the first minute (warm-up), RSS stays within 10 % of its
lowest sample and the descriptors do not grow.

    bench/mixed-soak.py [--bin PATH] [--seconds 600] [--rate 40] [--connections 8] [--interval 5]

The default binary is this checkout's release build. Loopback only; every loop is bounded."""
import argparse, collections, itertools, json, os, socket, subprocess, sys, tempfile, threading, time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from slack_wire import memory_mib, read_response, signed as signed_with

SECRET = "mixed-soak-secret"
PLACES = ["Danang", "Tokyo", "London", "Chicago", "Seattle", "Sydney", "Hamburg"]
VIEWS = ["", " forecast", " hourly", " air"]
NEWS = ["", "nhk", "tokyo", "vnexpress"]
PRESS_VIEWS = ["now", "hourly", "forecast", "air"]
PRESS_VALUE = "w1;{view};16.0544;108.2022;metric;en;Da Nang, VN"
posts = collections.Counter()
posts_lock = threading.Lock()


class Sink(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", "0")))
        with posts_lock:
            posts[self.path] += 1
        self.send_response(200)
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"ok")

    def log_message(self, *args):
        pass


def request(index, sink):
    """The index-th request of the mix: (kind, path, body, response_url path)."""
    user = f"U{index % 1000:04d}"
    reply_path = f"/reply/{index}"
    kind = ("command", "press", "command", "news", "press")[index % 5]
    if kind == "press":
        view = PRESS_VIEWS[index // 5 % len(PRESS_VIEWS)]
        payload = {"type": "block_actions", "user": {"id": user, "team_id": "T1"}, "team": {"id": "T1"},
                   "container": {"type": "message", "is_ephemeral": False}, "response_url": sink + reply_path,
                   "actions": [{"action_id": f"tenki.weather.{view}", "type": "button",
                                "value": PRESS_VALUE.format(view=view)}]}
        return kind, "/slack/interactions", urllib.parse.urlencode({"payload": json.dumps(payload)}), reply_path
    if kind == "news":
        command, text = "/news", NEWS[index // 5 % len(NEWS)]
    else:
        command, text = "/weather", PLACES[index // 5 % len(PLACES)] + VIEWS[index // 35 % len(VIEWS)]
    body = urllib.parse.urlencode({"command": command, "text": text, "user_id": user, "team_id": "T1",
                                   "channel_id": "C1", "response_url": sink + reply_path})
    return kind, "/slack/commands", body, reply_path


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    here = os.path.dirname(os.path.abspath(__file__))
    parser.add_argument("--bin", default=os.path.join(here, "..", ".build", "release", "tenki"))
    parser.add_argument("--seconds", type=float, default=600)
    parser.add_argument("--rate", type=float, default=40, help="requests a second, all connections together")
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--interval", type=float, default=5)
    parser.add_argument("--warmup", type=float, default=60)
    options = parser.parse_args()

    work = tempfile.mkdtemp(prefix="tenki-mixed-soak-")
    sink_server = ThreadingHTTPServer(("127.0.0.1", 0), Sink)
    threading.Thread(target=sink_server.serve_forever, daemon=True).start()
    sink = f"http://127.0.0.1:{sink_server.server_address[1]}"
    fakes = subprocess.Popen([options.bin, "fakes", "--port", "0"], stdout=open(f"{work}/fakes.out", "w"),
                             stderr=subprocess.DEVNULL)
    serve = None
    try:
        settings = {}
        for _ in range(600):
            text = open(f"{work}/fakes.out").read()
            if "TENKI_NEWS_FEEDS=" in text:
                break
            time.sleep(0.05)
        for line in text.splitlines():
            for word in line.lstrip("# ").split(" "):
                name, _, value = word.partition("=")
                if name in ("OPENWEATHER_BASE_URL", "OPENWEATHER_API_KEY", "TENKI_NEWS_FEEDS",
                            "TENKI_NEWS_FEEDS_ALLOW_PRIVATE") and name not in settings:
                    settings[name] = value
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        environment = dict(os.environ, SLACK_SIGNING_SECRET=SECRET, TENKI_STATE=f"{work}/state.sqlite",
                           TENKI_LOG_LEVEL="info", TENKI_ALLOWED_RESPONSE_HOSTS="127.0.0.1", **settings)
        serve = subprocess.Popen([options.bin, "serve", "--host", "127.0.0.1", "--port", str(port), "--no-scheduler"],
                                 env=environment, stderr=open(f"{work}/serve.log", "w"))
        for _ in range(600):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)

        expected, counts, lock = set(), collections.Counter(), threading.Lock()
        failures = []
        sequence = itertools.count()
        start = time.monotonic()
        stop = start + options.seconds
        gap = options.connections / options.rate

        def worker(number):
            s, buffer = None, b""
            due = start + number / options.rate
            while due < stop:
                time.sleep(max(0.0, due - time.monotonic()))
                due += gap
                with lock:
                    index = next(sequence)
                kind, path, body, reply_path = request(index, sink)
                try:
                    if s is None:
                        s, buffer = socket.create_connection(("127.0.0.1", port), timeout=30), b""
                    s.sendall(signed_with(SECRET, path, body))
                    status, answer, buffer = read_response(s, buffer)
                except OSError as error:
                    # The server may close a connection at its request limit: connect again, once.
                    if s is not None:
                        s.close()
                    s, buffer = socket.create_connection(("127.0.0.1", port), timeout=30), b""
                    try:
                        s.sendall(signed_with(SECRET, path, body))
                        status, answer, buffer = read_response(s, buffer)
                    except OSError as again:
                        with lock:
                            failures.append(f"request {index} ({kind}): {error}; again: {again}")
                        s = None
                        continue
                with lock:
                    if status != 200:
                        failures.append(f"request {index} ({kind}) answered {status}: {answer[:120]!r}")
                    elif b"busy" in answer:
                        counts["busy"] += 1
                    elif kind == "press":
                        counts["press"] += 1
                        expected.add(reply_path)
                    elif "Looking up".encode() in answer or b"\xe2\x8f\xb3" in answer:
                        counts[kind + " late"] += 1
                        expected.add(reply_path)
                    else:
                        counts[kind + " inline"] += 1
            if s is not None:
                s.close()

        samples = []
        threads = [threading.Thread(target=worker, args=(n,), daemon=True) for n in range(options.connections)]
        for thread in threads:
            thread.start()
        while time.monotonic() < stop:
            samples.append((time.monotonic() - start, memory_mib(serve.pid), len(os.listdir(f"/proc/{serve.pid}/fd"))))
            time.sleep(options.interval)
        for thread in threads:
            thread.join(timeout=60)

        # Late answers and presses are posted through the queue: give them at most 60 s to settle.
        settle = time.monotonic() + 60
        while time.monotonic() < settle:
            with posts_lock:
                if all(posts[p] >= 1 for p in expected):
                    break
            time.sleep(0.5)
        with posts_lock:
            lost = sorted(p for p in expected if posts[p] == 0)
            doubled = sorted(p for p in expected if posts[p] > 1)
            unexpected = sorted(p for p in posts if p.startswith("/reply/") and p not in expected)

        steady = [(t, r, f) for (t, r, f) in samples if t >= options.warmup]
        rss = [r for (_, r, _) in steady]
        spread = (max(rss) - min(rss)) / min(rss) * 100 if rss else float("nan")
        minute = 60 / options.interval
        first_fds = max(f for (_, _, f) in steady[:int(minute)]) if steady else 0
        last_fds = max(f for (_, _, f) in steady[-int(minute):]) if steady else 0
        sent = next(sequence)
        print(f"mixed soak: {options.seconds:.0f} s at {options.rate:g} requests/s over {options.connections} connections; "
              f"{sent} requests sent")
        print("answers: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())) + f"; failed {len(failures)}")
        print(f"response_url posts: {len(expected)} expected, {len(lost)} lost, {len(doubled)} doubled, "
              f"{len(unexpected)} unexpected")
        print(f"RSS after the first {options.warmup:.0f} s: min {min(rss):.1f} MiB, max {max(rss):.1f} MiB, "
              f"spread {spread:.1f} % (peak VmHWM {memory_mib(serve.pid, 'VmHWM'):.1f} MiB)")
        print(f"descriptors: first steady minute max {first_fds}, last minute max {last_fds}, "
              f"all samples {min(f for (_, _, f) in samples)}–{max(f for (_, _, f) in samples)}")
        for line in failures[:5]:
            print("  " + line)
        ok = not failures and not lost and not doubled and spread <= 10 and last_fds <= first_fds + 2
        print("mixed soak: " + ("ok" if ok else "FAILED"))
        return 0 if ok else 1
    finally:
        for process in (serve, fakes):
            if process is not None:
                process.terminate()
                try:
                    process.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    process.kill()


if __name__ == "__main__":
    sys.exit(main())
