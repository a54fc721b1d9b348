/// Writes frames (RFC 6455 §5.2): the shortest length encoding, and the payload masked with a
/// 4-byte key when one is given (a client must mask every frame, §5.3; the key comes from the
/// caller so that tests can fix it and the connection can draw it from a strong random source).
public enum WebSocketFrameEncoder {
    /// The bytes of `frame` on the wire; masked with `maskKey` when it is not nil.
    public static func encode(_ frame: WebSocketFrame, maskKey: (UInt8, UInt8, UInt8, UInt8)?) -> [UInt8] {
        let length = frame.payload.count
        var bytes: [UInt8] = []
        bytes.reserveCapacity(length + 14)
        bytes.append((frame.fin ? 0x80 : 0) | frame.opcode.rawValue)
        let maskBit: UInt8 = maskKey == nil ? 0 : 0x80
        if length < 126 {
            bytes.append(maskBit | UInt8(length))
        } else if length <= 0xFFFF {
            bytes += [maskBit | 126, UInt8(length >> 8), UInt8(length & 0xFF)]
        } else {
            bytes.append(maskBit | 127)
            for shift in stride(from: 56, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: UInt64(length) >> UInt64(shift)))
            }
        }
        guard let maskKey else { return bytes + frame.payload }
        bytes += [maskKey.0, maskKey.1, maskKey.2, maskKey.3]
        let payloadStart = bytes.count
        bytes += frame.payload
        bytes.withUnsafeMutableBufferPointer { buffer in
            WebSocketMask.apply(maskKey, to: UnsafeMutableBufferPointer(rebasing: buffer[payloadStart...]))
        }
        return bytes
    }

    /// The frames of one message: `payload` split into fragments of at most `fragmentSize` bytes,
    /// the first with `opcode`, the rest continuations, FIN on the last. An empty message is one frame.
    public static func fragments(of payload: [UInt8], opcode: WebSocketOpcode, fragmentSize: Int) -> [WebSocketFrame] {
        precondition(fragmentSize > 0 && !opcode.isControl)
        guard payload.count > fragmentSize else { return [WebSocketFrame(fin: true, opcode: opcode, payload: payload)] }
        return stride(from: 0, to: payload.count, by: fragmentSize).map { start in
            let end = min(payload.count, start + fragmentSize)
            return WebSocketFrame(
                fin: end == payload.count, opcode: start == 0 ? opcode : .continuation, payload: Array(payload[start..<end]))
        }
    }
}

/// The XOR mask of §5.3: byte i of the payload with byte i mod 4 of the key (its own inverse).
enum WebSocketMask {
    static func apply(_ key: (UInt8, UInt8, UInt8, UInt8), to payload: inout [UInt8]) {
        payload.withUnsafeMutableBufferPointer { apply(key, to: $0) }
    }

    static func apply(_ key: (UInt8, UInt8, UInt8, UInt8), to payload: UnsafeMutableBufferPointer<UInt8>) {
        let bytes = [key.0, key.1, key.2, key.3]
        // Eight bytes at a time: the key repeated twice as one word, starting at offset 0 of the payload.
        let word = bytes.withUnsafeBytes { UInt64(truncatingIfNeeded: $0.loadUnaligned(as: UInt32.self)) }
        let wide = word | word << 32
        let raw = UnsafeMutableRawBufferPointer(payload)
        var index = 0
        while index + 8 <= raw.count {
            let value = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            raw.storeBytes(of: value ^ wide, toByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < payload.count {
            payload[index] ^= bytes[index & 3]
            index += 1
        }
    }
}
