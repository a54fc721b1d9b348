#!/usr/bin/env python3
"""The TLS-proxy snippets of docs/deploy.md, run as an operator would paste them.

Each proxy found on the machine (Caddy, nginx) runs the snippet on loopback, in front of a stub of
Tenki, and must forward every public path (the chat endpoints, the install pages, the charts) and
answer everything else itself: /metrics and /healthz stay inside. A missing proxy is skipped with a
notice, as deploy/check.sh does for every optional tool. Loopback only; stops what it starts.

usage: check_proxies.py DOCS_DEPLOY_MD      (prints ok/BAD lines; exit 1 after any BAD)
"""
import http.client
import http.server
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time

# What Slack, Mattermost, Discord and people's browsers call.
PUBLIC = [
    ("POST", "/slack/commands"), ("POST", "/slack/interactions"), ("POST", "/slack/events"),
    ("GET", "/slack/install"), ("GET", "/slack/oauth_redirect?code=c&state=s"),
    ("POST", "/mattermost/commands"), ("POST", "/discord/interactions"),
    ("GET", "/charts/hourly.png?v=1&sig=s"),
]
# What must never reach Tenki from outside (sent as written: no client-side normalising).
INTERNAL = ["/metrics", "/healthz", "/slack/commands/x", "/charts/../metrics", "/metrics?/charts/x.png"]
STUB = b"tenki-stub"
failures = 0


def ok(message):
    print(f"ok  {message}")


def bad(message):
    global failures
    failures += 1
    print(f"BAD {message}")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Stub(http.server.BaseHTTPRequestHandler):
    """Tenki's stand-in: 200 and a marker for anything that reaches it."""

    def answer(self):
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.send_response(200)
        self.send_header("Content-Length", str(len(STUB)))
        self.end_headers()
        self.wfile.write(STUB)

    do_GET = do_POST = answer

    def log_message(self, *arguments):
        pass


def request(port, method, path):
    """(status, body), or (0, the reason) when the proxy reset, closed or timed out."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        connection.request(method, path, body=b"a=1" if method == "POST" else None,
                           headers={"Content-Type": "application/x-www-form-urlencoded"} if method == "POST" else {})
        response = connection.getresponse()
        return response.status, response.read()
    except (OSError, http.client.HTTPException) as error:
        return 0, str(error).encode()
    finally:
        connection.close()


def wait_for(port, process, name):
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        if process.poll() is not None:
            return False
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return True
        except OSError:
            time.sleep(0.05)
    return False


def check(name, command, port, log):
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    try:
        if not wait_for(port, process, name):
            log.seek(0)
            bad(f"{name}: the snippet did not start: {log.read().decode(errors='replace')[-400:]}")
            return
        wrong = []
        for method, path in PUBLIC:
            status, body = request(port, method, path)
            if status != 200 or body != STUB:
                wrong.append(f"{method} {path} answered {status} without reaching Tenki")
        for path in INTERNAL:
            status, body = request(port, "GET", path)
            if body == STUB:
                wrong.append(f"GET {path} reached Tenki ({status})")
        if wrong:
            bad(f"{name}: " + "; ".join(wrong))
        else:
            ok(f"{name}: forwards the {len(PUBLIC)} public paths, keeps {', '.join(INTERNAL)} out")
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def snippet(markdown, language):
    found = re.search(rf"```{language}\n(.*?)```", markdown, re.S)
    if not found:
        bad(f"docs/deploy.md has no ```{language} block")
    return found.group(1) if found else None


def main():
    markdown = open(sys.argv[1], encoding="utf-8").read()
    backend = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Stub)
    threading.Thread(target=backend.serve_forever, daemon=True).start()
    upstream = f"127.0.0.1:{backend.server_address[1]}"
    with tempfile.TemporaryDirectory() as scratch:
        caddy = snippet(markdown, "caddyfile")
        if caddy is not None and shutil.which("caddy"):
            port = free_port()
            config = os.path.join(scratch, "Caddyfile")
            with open(config, "w") as out:
                # The site as written, on plain HTTP on loopback only (no certificate, no admin endpoint).
                out.write("{\n\tadmin off\n\tauto_https off\n\tdefault_bind 127.0.0.1\n}\n")
                out.write(caddy.replace("tenki.example.com", f"http://127.0.0.1:{port}").replace("127.0.0.1:8080", upstream))
            with open(os.path.join(scratch, "caddy.log"), "w+b") as log:
                check("Caddy", ["caddy", "run", "--config", config, "--adapter", "caddyfile"], port, log)
        elif caddy is not None:
            print("notice: caddy not installed; the Caddy snippet not run")
        nginx_binary = shutil.which("nginx") or ("/usr/sbin/nginx" if os.access("/usr/sbin/nginx", os.X_OK) else None)
        nginx = snippet(markdown, "nginx")
        if nginx is not None and nginx_binary:
            port = free_port()
            empty_root = os.path.join(scratch, "html")
            os.mkdir(empty_root)
            config = os.path.join(scratch, "nginx.conf")
            temp = " ".join(f"{kind}_temp_path {scratch};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
            with open(config, "w") as out:
                # The snippet inside a server block of its own, as the docs say, over plain HTTP.
                out.write(f"daemon off;\npid {scratch}/nginx.pid;\nerror_log {scratch}/error.log;\nevents {{}}\n"
                          f"http {{\n access_log off;\n {temp}\n server {{\n  listen 127.0.0.1:{port};\n"
                          f"  root {empty_root};\n{nginx.replace('127.0.0.1:8080', upstream)}\n }}\n}}\n")
            with open(os.path.join(scratch, "nginx.log"), "w+b") as log:
                check("nginx", [nginx_binary, "-c", config, "-p", scratch], port, log)
        elif nginx is not None:
            print("notice: nginx not installed; the nginx snippet not run")
    backend.shutdown()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
