#!/usr/bin/env python3
"""The loopback side of bench/ha-outbox.sh: ten webhook destinations, and the messages queued for them.

    ha-outbox-receiver.py serve --ports-file F --records F [--fail-rate 0.3] [--late-after 10] [--seed N]
    ha-outbox-receiver.py sql --backend postgres|sqlite --ports-file F [--messages 1000]

serve: `POST /d/0` .. `/d/9`, each body a message `{"text": "m-N"}`. Every request is recorded (its
message id and receive time) before it is answered: about 30 % get 429 (`Retry-After: 1`) or 503
at once, the rest 200 "ok" after 30-50 ms, so posts are in flight at any instant. Destinations 8
and 9 live on a second port that nobody listens on until `--late-after` seconds after `go`: their
connections are refused meanwhile. None of these failures can have reached a channel. `GET
/control/go[?kill_pid=P&kill_after=S]` starts the clock; with a pid, the first of that process'
posts to arrive S seconds later (or, failing one within 3 s, a timer) triggers a SIGKILL while the
post is held unanswered, and the post is then answered 200: the worst case, a post that arrived
and whose sender died before it could record it.

sql: prints the INSERT that queues the messages (message N to destination N mod 10).

records: one line per event, written and flushed under a lock:
    R <received> <answered> <status> <message id> <destination> <killed-process post 0|1>
    K <time> <pid> <trigger>
    L <time>                                     (the late listener opened)
"""
import argparse, json, os, random, re, signal, socket, sys, threading, time, urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

DESTINATIONS = 10
LATE = (8, 9)  # on the port that refuses connections at first
DELAY = (0.030, 0.050)  # the 200's delay, seconds


class Receiver:
    def __init__(self, records, fail_rate, late_after, seed):
        self.lock = threading.Lock()
        self.records = open(records, "a", buffering=1)
        self.fail_rate, self.late_after = fail_rate, late_after
        self.random = random.Random(seed)
        self.victim, self.arm_at, self.killing = None, None, False
        self.scanning = threading.Lock()  # one look at /proc at a time: the others' posts go on meanwhile
        # Set once the victim is dead: when, and the local ports of its connections just before.
        self.killed_at, self.victim_ports = None, frozenset()
        self.late_server, self.late_port = None, None

    def write(self, line):
        with self.lock:
            self.records.write(line + "\n")

    def go(self, kill_pid, kill_after):
        timers = [threading.Timer(self.late_after, self.open_late, (self.late_port,))]
        if kill_pid:
            self.victim, self.arm_at = kill_pid, time.time() + kill_after
            timers.append(threading.Timer(kill_after + 3, self.kill, ("timer: no post of it arrived within 3 s",)))
        for timer in timers:
            timer.daemon = True
            timer.start()

    def open_late(self, port):
        self.late_server = serve_on(port, self)
        self.write(f"L {time.time():.6f}")

    def decide(self):
        with self.lock:
            if self.random.random() >= self.fail_rate:
                return 200
            return self.random.choice((429, 503))

    def armed(self):
        return self.victim is not None and not self.killing and time.time() >= self.arm_at

    def kill(self, trigger, ports=None):
        """SIGKILLs the victim once, noting its connections' ports first (its sockets go with it)."""
        with self.lock:
            if self.killing or self.victim is None:
                return False
            self.killing = True
        ports = local_ports(self.victim) if ports is None else ports
        at = time.time()
        try:
            os.kill(self.victim, signal.SIGKILL)
        except ProcessLookupError:
            trigger += " (already gone)"
        with self.lock:
            self.killed_at, self.victim_ports = at, ports
        self.write(f"K {at:.6f} {self.victim} {trigger}")
        return True

    def sent_by_victim_before_kill(self, client_port, received):
        """Whether a post recorded now was in flight on the victim at its kill: it came on one of the
        victim's connections, and was received before the kill (or just after: sent before it)."""
        with self.lock:
            at, ports = self.killed_at, self.victim_ports
        return at is not None and client_port in ports and received <= at + 0.05


def local_ports(pid):
    """The local TCP ports of process pid's sockets (loopback: its side of each connection)."""
    inodes = set()
    try:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            try:
                target = os.readlink(f"/proc/{pid}/fd/{fd}")
            except OSError:
                continue
            if target.startswith("socket:["):
                inodes.add(target[len("socket:["):-1])
    except OSError:
        return frozenset()
    ports = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table) as lines:
                next(lines)
                for line in lines:
                    fields = line.split()
                    if fields[9] in inodes:
                        ports.add(int(fields[1].rsplit(":", 1)[1], 16))
        except OSError:
            continue
    return frozenset(ports)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    receiver = None  # set per server

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        if url.path != "/control/go":
            return self.answer(404, b"not found")
        query = dict(urllib.parse.parse_qsl(url.query))
        self.server.receiver.go(int(query.get("kill_pid", 0)), float(query.get("kill_after", 0)))
        self.answer(200, b"go")

    def do_POST(self):
        receiver = self.server.receiver
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        received = time.time()
        match = re.fullmatch(r"/d/(\d+)", self.path)
        try:
            message = json.loads(body)["text"]
        except (ValueError, KeyError, TypeError):
            message = "?"
        client = self.client_address[1]
        status = receiver.decide()
        if receiver.armed() and receiver.scanning.acquire(blocking=False):
            try:
                ports = local_ports(receiver.victim)
                if client in ports and receiver.kill(f"its post of {message} to {self.path} was in flight", ports):
                    status = 200  # the worst case: it arrives, and its sender never learns so
            finally:
                receiver.scanning.release()
        if status == 200:
            time.sleep(random.uniform(*DELAY))
        on_victim = int(receiver.sent_by_victim_before_kill(client, received))
        receiver.write(f"R {received:.6f} {time.time():.6f} {status} {message} {match.group(1) if match else '-'} {on_victim}")
        if status == 200:
            self.answer(200, b"ok")
        elif status == 429:
            self.answer(429, b"rate_limited", [("Retry-After", "1")])
        else:
            self.answer(503, b"unavailable")

    def answer(self, status, body, headers=()):
        try:
            self.send_response(status)
            for name, value in headers:
                self.send_header(name, value)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        except OSError:
            self.close_connection = True  # the sender is gone (killed mid-post)

    def log_message(self, *args):
        pass


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], OSError):  # a killed sender's reset connection is expected
            super().handle_error(request, client_address)


def serve_on(port, receiver):
    server = Server(("127.0.0.1", port), Handler)
    server.receiver = receiver
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def serve(args):
    receiver = Receiver(args.records, args.fail_rate, args.late_after, args.seed)
    receiver.late_port = free_port()
    main = serve_on(0, receiver)
    with open(args.ports_file + ".tmp", "w") as out:
        out.write(f"{main.server_address[1]} {receiver.late_port}\n")
    os.rename(args.ports_file + ".tmp", args.ports_file)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    threading.Event().wait()


def sql(args):
    """One INSERT of all messages, in the columns PostgresDeliveryStore.insert and SQLite's store write."""
    main, late = open(args.ports_file).read().split()
    now, lifetime = time.time(), 6 * 3600.0
    rows = []
    for number in range(args.messages):
        destination = number % DESTINATIONS
        port = late if destination in LATE else main
        url = f"http://127.0.0.1:{port}/d/{destination}"
        text = json.dumps({"text": f"m-{number}"})
        body = f"convert_to('{text}', 'UTF8')" if args.backend == "postgres" else f"CAST('{text}' AS BLOB)"
        rows.append(
            f"('digest:bench', '{url}', 'webhook', '127.0.0.1', 'bench-d{destination}', {body}, 'pending', "
            f"{now:.3f}, {now + lifetime:.3f}, NULL, {lifetime}, {now:.3f})")
    print("INSERT INTO deliveries (kind, destination_url, destination_kind, destination_host, destination_hash, body,")
    print("    state, created_at, deadline, max_uses, webhook_lifetime, next_attempt_at) VALUES")
    print(",\n".join(rows) + ";")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    s = commands.add_parser("serve")
    s.add_argument("--ports-file", required=True)
    s.add_argument("--records", required=True)
    s.add_argument("--fail-rate", type=float, default=0.3)
    s.add_argument("--late-after", type=float, default=10)
    s.add_argument("--seed", type=int, default=20)
    q = commands.add_parser("sql")
    q.add_argument("--backend", choices=("postgres", "sqlite"), required=True)
    q.add_argument("--ports-file", required=True)
    q.add_argument("--messages", type=int, default=1000)
    args = parser.parse_args()
    if args.command == "serve":
        serve(args)
    else:
        sql(args)


if __name__ == "__main__":
    main()
