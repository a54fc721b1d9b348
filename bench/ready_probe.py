#!/usr/bin/env python3
"""bench/ready.sh's tight probe: starts a server and times its first signed 200, with no process start in between.

usage: ready_probe.py PORT COMMAND...   (the request from the environment: SLASH_PATH, SLASH_BODY, signed
                                         with SLACK_SIGNING_SECRET by slack_wire.signed)
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

from slack_wire import read_response, signed


def answered(port, payload):
    """Whether one attempt got a 200 with blocks (False when refused, reset or anything else)."""
    with socket.socket() as s:
        s.settimeout(2)
        try:
            s.connect(("127.0.0.1", port))
            s.sendall(payload)
            status, body, _ = read_response(s, b"")
        except (OSError, ValueError):
            return False
    return status == 200 and b"blocks" in body


def main():
    port, command = int(sys.argv[1]), sys.argv[2:]
    payload = signed(os.environ["SLACK_SIGNING_SECRET"], os.environ["SLASH_PATH"], os.environ["SLASH_BODY"])
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
