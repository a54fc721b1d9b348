#!/usr/bin/env python3
"""Memory and state under a burst of signed button presses.

Starts `tenki fakes`, a `response_url` sink (answers 200) and `tenki serve` on loopback with
production settings, asks /weather Danang once (so presses are answered from the cache), then for
SECONDS sends signed `block_actions` presses of the Now button as fast as the server takes them, on
CONNECTIONS keep-alive connections, each press with its own `response_url` on the sink. Samples the
server's VmRSS every 0.25 s; prints the peak (VmHWM), the state file's growth (file and WAL), its
rows by state, and how the presses were answered (taken: an empty 200; refused: a 200 with the
busy note). Stops the server early, and says so, if its RSS passes --rss-cap MiB (a good neighbour
on a shared machine).

    bench/press-burst.py [--bin PATH] [--seconds 60] [--connections 16] [--rss-cap 2048]

The default binary is this checkout's debug build."""
import argparse, signal, json, os, socket, sqlite3, subprocess, sys, tempfile, threading, time, urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from slack_wire import memory_mib as rss, read_response, signed as signed_with

SECRET = "press-burst-secret"
VALUE_NOW = "w1;now;16.0544;108.2022;metric;en;Da Nang, VN"
posted = [0]


class Sink(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", "0")))
        posted[0] += 1
        self.send_response(200)
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"ok")

    def log_message(self, *args):
        pass


def state_bytes(path):
    return sum(os.path.getsize(path + suffix) for suffix in ("", "-wal") if os.path.exists(path + suffix))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=".build/debug/tenki")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--rss-cap", type=float, default=2048, help="MiB; the server is stopped above it")
    options = parser.parse_args()
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    work = tempfile.mkdtemp(prefix="tenki-burst-")
    state = f"{work}/state.sqlite"
    ThreadingHTTPServer.request_queue_size = 256
    sink = ThreadingHTTPServer(("127.0.0.1", 0), Sink)
    threading.Thread(target=sink.serve_forever, daemon=True).start()
    sink_origin = f"http://127.0.0.1:{sink.server_address[1]}"
    fakes_port, port = 19631, 18631
    fakes = subprocess.Popen([options.bin, "fakes", "--port", str(fakes_port)],
                             stdout=open(f"{work}/fakes.out", "w"), stderr=subprocess.DEVNULL)
    serve = None
    try:
        for _ in range(600):
            if "OPENWEATHER_API_KEY" in open(f"{work}/fakes.out").read():
                break
            time.sleep(0.05)
        environment = dict(os.environ, SLACK_SIGNING_SECRET=SECRET, TENKI_STATE=state, TENKI_LOG_LEVEL="warning",
                           TENKI_ALLOWED_RESPONSE_HOSTS="127.0.0.1",
                           OPENWEATHER_BASE_URL=f"http://127.0.0.1:{fakes_port}", OPENWEATHER_API_KEY="demo-key")
        serve = subprocess.Popen([options.bin, "serve", "--host", "127.0.0.1", "--port", str(port), "--no-scheduler"],
                                 env=environment, stderr=open(f"{work}/serve.log", "w"))
        for _ in range(600):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        with socket.create_connection(("127.0.0.1", port)) as s:
            body = urllib.parse.urlencode({"command": "/weather", "text": "Danang", "user_id": "U1", "team_id": "T1",
                                           "response_url": sink_origin + "/commands/warm"})
            s.sendall(signed_with(SECRET, "/slack/commands", body))
            status, _, _ = read_response(s, b"")
            assert status == 200, status
        time.sleep(1)
        idle_rss, start_bytes = rss(serve.pid), state_bytes(state)
        stop = time.monotonic() + options.seconds
        counts = {"taken": 0, "refused": 0, "other": 0, "errors": 0, "reconnects": 0}
        lock = threading.Lock()
        sequence = iter(range(10**9))

        def presser():
            s, buffer = None, b""
            while time.monotonic() < stop:
                if s is None:
                    # Again after the server closed one (TENKI_MAX_REQUESTS_PER_CONNECTION, or an error).
                    try:
                        s, buffer = socket.create_connection(("127.0.0.1", port)), b""
                    except OSError:
                        with lock:
                            counts["errors"] += 1
                        time.sleep(0.1)
                        continue
                with lock:
                    index = next(sequence)
                payload = {"type": "block_actions", "user": {"id": f"U{index % 50}", "team_id": "T1"}, "team": {"id": "T1"},
                           "container": {"type": "message", "is_ephemeral": False},
                           "response_url": f"{sink_origin}/actions/T1/{index}/x",
                           "actions": [{"action_id": "tenki.weather.now", "type": "button", "value": VALUE_NOW}]}
                try:
                    s.sendall(signed_with(SECRET, "/slack/interactions", urllib.parse.urlencode({"payload": json.dumps(payload)})))
                    status, body, buffer = read_response(s, buffer)
                except OSError:
                    s.close()
                    s = None
                    with lock:
                        counts["reconnects"] += 1
                    continue
                kind = "taken" if status == 200 and not body else "refused" if status == 200 and b"busy" in body else "other"
                with lock:
                    counts[kind] += 1
            if s is not None:
                s.close()

        threads = [threading.Thread(target=presser, daemon=True) for _ in range(options.connections)]
        for t in threads:
            t.start()
        peak, capped, began = idle_rss, None, time.monotonic()
        while time.monotonic() < stop:
            now = rss(serve.pid)
            peak = max(peak, now)
            if now > options.rss_cap:
                capped = time.monotonic() - began
                serve.kill()
                break
            time.sleep(0.25)
        for t in threads:
            t.join(timeout=5)
        hwm = rss(serve.pid, "VmHWM") if capped is None else peak
        after_rss = rss(serve.pid)
        time.sleep(2)
        settled_rss = rss(serve.pid)
        rows = {}
        try:
            with sqlite3.connect(f"file:{state}?mode=ro", uri=True, timeout=10) as db:
                rows = dict(db.execute("SELECT state, COUNT(*) FROM deliveries GROUP BY state").fetchall())
        except sqlite3.Error as error:
            rows = {"unreadable": str(error)}
        sent = counts["taken"] + counts["refused"] + counts["other"]
        print(f"binary {options.bin}; {options.seconds:.0f} s of presses on {options.connections} connections")
        if capped is not None:
            print(f"  STOPPED: RSS passed {options.rss_cap:.0f} MiB after {capped:.1f} s")
        print(f"  presses answered: {sent} ({counts['taken']} taken, {counts['refused']} refused busy, "
              f"{counts['other']} other); connections closed by the server {counts['reconnects']}, "
              f"failed to connect {counts['errors']}")
        print(f"  RSS MiB: idle {idle_rss:.1f}, peak {max(peak, hwm):.1f} (VmHWM), at the end {after_rss:.1f}, "
              f"2 s later {settled_rss:.1f}")
        print(f"  state file + WAL: {start_bytes / 2**20:.1f} MiB before, {state_bytes(state) / 2**20:.1f} MiB after; "
              f"deliveries by state: {rows}; posts the sink received: {posted[0]}")
        return 0
    finally:
        for process in (serve, fakes):
            if process and process.poll() is None:
                process.terminate()
                process.wait()


if __name__ == "__main__":
    # Stopped with SIGTERM, still stop the servers it started (the `finally` in main).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    sys.exit(main())
