#!/usr/bin/env python3
"""Decodes a PNG with nothing but zlib and struct, independently of Tenki's encoder: reads every
chunk, checks each CRC-32, inflates the IDAT data, undoes each row's filter, and prints
`WIDTHxHEIGHT` and the number of distinct colours. Exits 1 with the reason on any defect.

Usage: check_png.py FILE.png
"""
import struct, sys, zlib

def fail(reason):
    print(reason)
    sys.exit(1)

def main(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail("bad signature")
    offset, chunks, idat = 8, [], b""
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        (crc,) = struct.unpack(">I", data[offset + 8 + length:offset + 12 + length])
        if zlib.crc32(kind + body) & 0xFFFFFFFF != crc:
            fail(f"CRC mismatch in {kind!r}")
        chunks.append(kind)
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        offset += 12 + length
    if chunks[0] != b"IHDR" or chunks[-1] != b"IEND" or b"IDAT" not in chunks:
        fail(f"chunk order {chunks}")
    if (depth, colour, interlace) != (8, 2, 0):
        fail("expected 8-bit RGB, not interlaced")
    raw, stride = zlib.decompress(idat), width * 3
    if len(raw) != (stride + 1) * height:
        fail(f"{len(raw)} bytes of rows, want {(stride + 1) * height}")
    previous, colours = bytearray(stride), set()
    for y in range(height):
        kind, row = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = row[i - 3] if i >= 3 else 0
            up, upleft = previous[i], previous[i - 3] if i >= 3 else 0
            if kind == 1:
                row[i] = (row[i] + left) & 0xFF
            elif kind == 2:
                row[i] = (row[i] + up) & 0xFF
            elif kind == 3:
                row[i] = (row[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - upleft
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - upleft)
                row[i] = (row[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else upleft)) & 0xFF
            elif kind != 0:
                fail(f"unknown filter {kind} in row {y}")
        colours.update(bytes(row[i:i + 3]) for i in range(0, stride, 3))
        previous = row
    print(f"{width}x{height} {len(colours)} colours")

main(sys.argv[1])
