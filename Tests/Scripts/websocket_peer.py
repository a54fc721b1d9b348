#!/usr/bin/env python3
"""The other end for TenkiWebSocket's tests: an independent WebSocket server (Python's
`websockets`, from PyPI) over TLS, and two raw servers that misbehave on purpose.

Usage:
  websocket_peer.py tls CERT KEY     websockets over TLS with CERT (PEM chain) and KEY
  websocket_peer.py silent           raw TCP: answers the opening handshake, then never sends a byte;
                                     hangs up (no close frame) when the client's first ping arrives
  websocket_peer.py mute             raw TCP: accepts, reads, never answers (not even TLS)
  websocket_peer.py scripted HEX     raw TCP: answers the opening handshake, sends the bytes HEX, then
                                     prints "PONG <payload>" for each pong it reads and, for the
                                     client's close frame, "CLOSE <code>", echoes it and hangs up
  websocket_peer.py deaf             like `scripted` with nothing to send, but never answers the close

Binds a free port on 127.0.0.1 and prints "PORT <n>" on the first line of stdout. Exits when stdin
reaches its end, so a test that dies takes its peer with it.

Paths of the `tls` server (the request's path picks the behaviour):
  /echo        every message back, text as text and binary as binary
  /fragments   reads one message frame by frame (recv_streaming), answers "fragments=N bytes=M",
               then sends the same bytes back as one message in 16 KiB fragments
  /ping        sends a ping and, once its pong arrived, the text "pong received"
  /big         sends one 5 MiB binary message (over the client's 4 MiB limit)
  /goodbye     closes at once with 1001 "bye"
"""
import asyncio
import base64
import hashlib
import os
import ssl
import sys
import threading

# Descriptors inherited from the test process beyond stdin, stdout and stderr (pipes of other
# helper processes it was starting at the same moment) are closed at once: held here, they would
# keep those processes' readers waiting for an end of file.
os.closerange(3, 65536)


def exit_with_stdin():
    sys.stdin.buffer.read()
    os._exit(0)


async def handler(ws):
    path = ws.request.path
    if path == "/echo":
        async for message in ws:
            await ws.send(message)
    elif path == "/fragments":
        count, chunks = 0, []
        async for fragment in ws.recv_streaming():
            count += 1
            chunks.append(fragment)
        data = b"".join(chunk if isinstance(chunk, bytes) else chunk.encode() for chunk in chunks)
        await ws.send(f"fragments={count} bytes={len(data)}")
        await ws.send([data[i:i + 16384] for i in range(0, len(data), 16384)])
        async for message in ws:
            await ws.send(message)
    elif path == "/ping":
        pong = await ws.ping(b"from-peer")
        await pong
        await ws.send("pong received")
        async for message in ws:
            await ws.send(message)
    elif path == "/big":
        await ws.send(bytes(5 * 1024 * 1024))
        await ws.wait_closed()
    elif path == "/goodbye":
        await ws.close(1001, "bye")
    else:
        await ws.close(4004, "unknown path")


async def serve_tls(cert, key):
    from websockets.asyncio.server import serve

    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    async with serve(handler, "127.0.0.1", 0, ssl=context, max_size=8 * 1024 * 1024, ping_interval=None) as server:
        print(f"PORT {server.sockets[0].getsockname()[1]}", flush=True)
        await asyncio.Future()


async def accept_handshake(reader, writer):
    head = await reader.readuntil(b"\r\n\r\n")
    key = next(line.split(b":", 1)[1].strip() for line in head.split(b"\r\n") if line.lower().startswith(b"sec-websocket-key:"))
    accept = base64.b64encode(hashlib.sha1(key + b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11").digest())
    writer.write(b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                 b"Sec-WebSocket-Accept: " + accept + b"\r\n\r\n")
    await writer.drain()


async def read_frame(reader):
    """One frame from the client: (opcode, unmasked payload)."""
    header = await reader.readexactly(2)
    length = header[1] & 0x7F
    if length == 126:
        length = int.from_bytes(await reader.readexactly(2), "big")
    elif length == 127:
        length = int.from_bytes(await reader.readexactly(8), "big")
    mask = await reader.readexactly(4) if header[1] & 0x80 else bytes(4)
    payload = await reader.readexactly(length)
    return header[0] & 0x0F, bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload))


async def raw_silent(reader, writer):
    await accept_handshake(reader, writer)
    try:
        while True:
            opcode, _ = await read_frame(reader)
            if opcode == 0x9:
                writer.transport.abort()
                return
    except asyncio.IncompleteReadError:
        return  # the client gave up on the silent peer first: nothing left to do


async def raw_scripted(reader, writer, script, answers_close=True):
    await accept_handshake(reader, writer)
    writer.write(script)
    await writer.drain()
    while True:
        opcode, payload = await read_frame(reader)
        if opcode == 0xA:
            print(f"PONG {payload.decode(errors='replace')}", flush=True)
        elif opcode == 0x8:
            print(f"CLOSE {int.from_bytes(payload[:2], 'big') if len(payload) >= 2 else 1005}", flush=True)
            if not answers_close:
                await reader.read()
                return
            writer.write(bytes([0x88, len(payload)]) + payload)
            await writer.drain()
            writer.close()
            return


async def raw_mute(reader, writer):
    while await reader.read(65536):
        pass


async def serve_raw(callback):
    server = await asyncio.start_server(callback, "127.0.0.1", 0)
    print(f"PORT {server.sockets[0].getsockname()[1]}", flush=True)
    await asyncio.Future()


def main():
    threading.Thread(target=exit_with_stdin, daemon=True).start()
    mode = sys.argv[1]
    if mode == "tls":
        asyncio.run(serve_tls(sys.argv[2], sys.argv[3]))
    elif mode == "silent":
        asyncio.run(serve_raw(raw_silent))
    elif mode == "mute":
        asyncio.run(serve_raw(raw_mute))
    elif mode == "scripted":
        script = bytes.fromhex(sys.argv[2])
        asyncio.run(serve_raw(lambda reader, writer: raw_scripted(reader, writer, script)))
    elif mode == "deaf":
        asyncio.run(serve_raw(lambda reader, writer: raw_scripted(reader, writer, b"", answers_close=False)))
    else:
        sys.exit(f"unknown mode {mode}")


if __name__ == "__main__":
    main()
