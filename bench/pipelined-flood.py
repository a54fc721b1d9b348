#!/usr/bin/env python3
"""Is the listener still there while unauthenticated clients pipeline requests?

Starts `tenki fakes` and `tenki serve` on loopback (production settings: signatures on, /metrics
open), then for SECONDS: CONNECTIONS connections pipeline `GET PATH` as fast as the server takes
them, up to RATE bytes/s of requests in all, reading every answer (and connecting again when the
server closes one after its requests-per-connection limit); meanwhile a `/healthz` probe on
a new connection every 2 s (answered within 2 s counts), and a signed `/weather danang` command
every SECONDS/7 s (a 200 within 3 s, Slack's limit, counts). Prints the counts. Run once per PATH
(default both /metrics and /healthz). Bounded: SECONDS per path plus a few seconds to start.

    bench/pipelined-flood.py [--bin PATH] [--seconds 40] [--paths /metrics,/healthz]
        [--connections 8] [--rate 500000]

The default binary is this checkout's debug build."""
import argparse, hashlib, hmac, signal, os, socket, subprocess, sys, tempfile, threading, time, urllib.parse

SECRET = "flood-bench-secret"


def wait_for(path, needle, what, seconds=60):
    end = time.time() + seconds
    while time.time() < end:
        if os.path.exists(path) and needle in open(path).read():
            return
        time.sleep(0.05)
    sys.exit(f"pipelined-flood: {what} did not start")


def request_once(port, raw, timeout):
    """Sends `raw` on a new connection; True when a whole 200 head arrives within `timeout`."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
            s.settimeout(timeout)
            end = time.monotonic() + timeout
            s.sendall(raw)
            received = b""
            while b"\r\n\r\n" not in received:
                left = end - time.monotonic()
                if left <= 0:
                    return False
                s.settimeout(left)
                chunk = s.recv(65536)
                if not chunk:
                    return False
                received += chunk
            return received.startswith(b"HTTP/1.1 200")
    except OSError:
        return False


def signed_command(port, index):
    body = urllib.parse.urlencode({"command": "/weather", "text": "danang", "user_id": f"U{index}", "team_id": "T1",
                                   "response_url": f"https://hooks.slack.com/commands/T1/{index}/x"})
    stamp = str(int(time.time()))
    signature = hmac.new(SECRET.encode(), f"v0:{stamp}:{body}".encode(), hashlib.sha256).hexdigest()
    return (f"POST /slack/commands HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
            f"X-Slack-Request-Timestamp: {stamp}\r\nX-Slack-Signature: v0={signature}\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n{body}").encode()


def flood(port, path, seconds, connections, rate):
    stop = time.monotonic() + seconds
    request = f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode()
    batch = request * 100
    per_connection = rate / connections
    answered = [0] * connections

    def sender(s, sent, start):
        try:
            while time.monotonic() < stop:
                s.sendall(batch)  # blocks while the server is not reading
                sent[0] += len(batch)
                ahead = sent[0] / per_connection - (time.monotonic() - start)
                if ahead > 0:
                    time.sleep(min(ahead, max(0.0, stop - time.monotonic())))
        except OSError:
            pass

    def slot_loop(slot):
        # The server closes a connection after TENKI_MAX_REQUESTS_PER_CONNECTION requests: the
        # client connects again, as an attacker would.
        sent, start = [0], time.monotonic()
        while time.monotonic() < stop:
            try:
                s = socket.create_connection(("127.0.0.1", port), timeout=5)
            except OSError:
                time.sleep(0.1)
                continue
            threading.Thread(target=sender, args=(s, sent, start), daemon=True).start()
            s.settimeout(0.5)
            while time.monotonic() < stop + 1:
                try:
                    chunk = s.recv(1 << 20)
                except socket.timeout:
                    continue
                except OSError:
                    break
                if not chunk:
                    break
                answered[slot] += chunk.count(b"HTTP/1.1 ")
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            s.close()

    threads = [threading.Thread(target=slot_loop, args=(slot,), daemon=True) for slot in range(connections)]
    for t in threads:
        t.start()
    probes, commands = [], []
    begin = time.monotonic()
    next_probe, next_command, index = begin + 1, begin + 2, 0
    command_every = seconds / 7
    while time.monotonic() < stop:
        now = time.monotonic()
        if now >= next_probe:
            next_probe += 2
            threading.Thread(target=lambda: probes.append(
                request_once(port, b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 2.0)), daemon=True).start()
        if now >= next_command and len(commands) < 7 and index < 7:
            next_command += command_every
            index += 1
            raw = signed_command(port, index)
            threading.Thread(target=lambda raw=raw: commands.append(request_once(port, raw, 3.0)), daemon=True).start()
        time.sleep(0.05)
    time.sleep(3.5)  # the last probe's and command's time to answer
    return sum(probes), len(probes), sum(commands), len(commands), sum(answered)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=".build/debug/tenki")
    parser.add_argument("--seconds", type=float, default=40)
    parser.add_argument("--paths", default="/metrics,/healthz")
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--rate", type=float, default=500_000, help="bytes of requests per second, all connections")
    options = parser.parse_args()
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    work = tempfile.mkdtemp(prefix="tenki-flood-")
    fakes_port, port = 19611, 18611
    fakes = subprocess.Popen([options.bin, "fakes", "--port", str(fakes_port)],
                             stdout=open(f"{work}/fakes.out", "w"), stderr=subprocess.DEVNULL)
    serve = None
    try:
        wait_for(f"{work}/fakes.out", "OPENWEATHER_API_KEY", "tenki fakes")
        environment = dict(os.environ, SLACK_SIGNING_SECRET=SECRET, TENKI_STATE=f"{work}/state.sqlite",
                           TENKI_LOG_LEVEL="warning", TENKI_USER_RATE_LIMIT="0",
                           OPENWEATHER_BASE_URL=f"http://127.0.0.1:{fakes_port}", OPENWEATHER_API_KEY="demo-key")
        serve = subprocess.Popen([options.bin, "serve", "--host", "127.0.0.1", "--port", str(port), "--no-scheduler"],
                                 env=environment, stderr=open(f"{work}/serve.log", "w"))
        end = time.time() + 60
        while not request_once(port, b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 1.0):
            if time.time() > end:
                sys.exit("pipelined-flood: tenki serve did not start")
            time.sleep(0.1)
        print(f"binary {options.bin}; {options.seconds:.0f} s per path, {options.connections} connections, "
              f"{options.rate / 1e6:.2f} MB/s of requests at most")
        failed = False
        for path in options.paths.split(","):
            ok, probes, answered, commands, flood_answers = flood(
                port, path, options.seconds, options.connections, options.rate)
            print(f"pipelined GET {path}: /healthz probes answered within 2 s: {ok} of {probes}; "
                  f"signed /weather answered within 3 s: {answered} of {commands}; "
                  f"flood requests answered: {flood_answers}")
            failed |= ok < probes or answered < commands
        return 1 if failed else 0
    finally:
        for process in (serve, fakes):
            if process:
                process.terminate()
                process.wait()


if __name__ == "__main__":
    # Stopped with SIGTERM, still stop the servers it started (the `finally` in main).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    sys.exit(main())
