#!/usr/bin/env python3
"""bench/ready.sh's tight probe: starts a server and times its first signed 200, with no process start in between.

usage: ready_probe.py PORT COMMAND...   (the signed request from the environment: SLASH_PATH, SLASH_BODY,
                                         SLASH_TS, SLASH_SIG, as sign.py --shell exports them)
Notes the time, starts COMMAND, then from this one process opens a connection and sends the signed POST every
millisecond until one is answered 200 with "blocks" in the body; stops COMMAND with SIGTERM, waits for it to exit, and
then prints "READY_MS ATTEMPTS" (milliseconds from the start to that answer, and how many attempts it took).
The peer harness's probe starts a `curl` process per attempt (8-15 ms each here), so it cannot tell apart times
closer than that; this one can. Loopback only; gives up after 5 s.
"""
import os
import socket
import subprocess
import sys
import time


def request():
    body = os.environ["SLASH_BODY"].encode()
    return (f"POST {os.environ['SLASH_PATH']} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            "Content-Type: application/x-www-form-urlencoded\r\n"
            f"X-Slack-Request-Timestamp: {os.environ['SLASH_TS']}\r\nX-Slack-Signature: {os.environ['SLASH_SIG']}\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode() + body


def answered(port, payload):
    """Whether one attempt got a 200 with blocks (False when refused, reset or anything else)."""
    with socket.socket() as s:
        s.settimeout(2)
        try:
            s.connect(("127.0.0.1", port))
            s.sendall(payload)
            data = b""
            while chunk := s.recv(65536):
                data += chunk
        except OSError:
            return False
    return data.startswith((b"HTTP/1.1 200", b"HTTP/1.0 200")) and b"blocks" in data


def main():
    port, command = int(sys.argv[1]), sys.argv[2:]
    payload = request()
    start = time.monotonic()
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    attempts = 0
    try:
        while True:
            attempts += 1
            if answered(port, payload):
                break
            if server.poll() is not None or time.monotonic() - start > 5:
                sys.exit(f"ready_probe: {command[0]} did not answer (exit status {server.poll()})")
            time.sleep(0.001)
        ready_ms = (time.monotonic() - start) * 1000
    finally:
        server.terminate()
        server.wait()
    # Only once the server is gone: the next start may use its port.
    print(f"{ready_ms:.1f} {attempts}")


if __name__ == "__main__":
    main()
