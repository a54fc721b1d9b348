#!/usr/bin/env python3
"""A tiny HTTP CONNECT proxy for TenkiWebSocket's proxy tests (standard library only).

Usage: connect_proxy.py LOG [USER:PASSWORD]

Binds a free port on 127.0.0.1, prints "PORT <n>" on the first line of stdout, and exits when
stdin reaches its end. Each CONNECT is written to LOG as "CONNECT <target>" (and "REFUSED <target>"
when the credentials, if required, are wrong: 407). Tunnels are piped both ways until either side closes.
"""
import asyncio
import base64
import os
import sys
import threading

# Descriptors inherited from the test process beyond stdin, stdout and stderr (pipes of other
# helper processes it was starting at the same moment) are closed at once: held here, they would
# keep those processes' readers waiting for an end of file.
os.closerange(3, 65536)


def exit_with_stdin():
    sys.stdin.buffer.read()
    os._exit(0)


async def pipe(reader, writer):
    try:
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    finally:
        writer.close()


async def handle(reader, writer, log, credentials):
    head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1")
    lines = head.split("\r\n")
    method, target, _ = lines[0].split(" ")
    headers = {line.split(":", 1)[0].strip().lower(): line.split(":", 1)[1].strip() for line in lines[1:] if ":" in line}
    if method != "CONNECT":
        writer.write(b"HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\n\r\n")
        writer.close()
        return
    if credentials is not None:
        expected = "Basic " + base64.b64encode(credentials.encode()).decode()
        if headers.get("proxy-authorization") != expected:
            with open(log, "a") as file:
                file.write(f"REFUSED {target}\n")
            writer.write(b"HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic\r\nContent-Length: 0\r\n\r\n")
            await writer.drain()
            writer.close()
            return
    with open(log, "a") as file:
        file.write(f"CONNECT {target}\n")
    host, port = target.rsplit(":", 1)
    upstream_reader, upstream_writer = await asyncio.open_connection(host.strip("[]"), int(port))
    writer.write(b"HTTP/1.1 200 Connection established\r\n\r\n")
    await writer.drain()
    await asyncio.gather(pipe(reader, upstream_writer), pipe(upstream_reader, writer), return_exceptions=True)


async def main():
    threading.Thread(target=exit_with_stdin, daemon=True).start()
    log = sys.argv[1]
    credentials = sys.argv[2] if len(sys.argv) > 2 else None
    server = await asyncio.start_server(lambda r, w: handle(r, w, log, credentials), "127.0.0.1", 0)
    print(f"PORT {server.sockets[0].getsockname()[1]}", flush=True)
    await asyncio.Future()


if __name__ == "__main__":
    asyncio.run(main())
