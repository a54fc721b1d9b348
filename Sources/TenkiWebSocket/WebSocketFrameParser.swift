/// Reads frames from the bytes of a connection, incrementally: `append` what arrived, then call
/// `nextFrame()` until it returns nil (more bytes needed). Pure, no I/O.
///
/// Strict (RFC 6455 §5): reserved bits, unknown opcodes, fragmented or oversized control frames,
/// lengths not in their shortest encoding and 64-bit lengths with the top bit set are errors; so is
/// a frame masked by a server (read as the client) or unmasked by a client (read as the server). A
/// frame larger than `maxPayload` is refused from its header, before its payload is buffered.
/// Each rule is checked as soon as the bytes it needs are there, in the order they arrive, so the
/// result never depends on how the input was split. An error is sticky: asking again repeats it.
public struct WebSocketFrameParser: Sendable {
    /// Which end is reading: a client reads a server's frames (never masked) and the reverse.
    public enum Role: Sendable { case client, server }

    public let role: Role
    public let maxPayload: Int
    private var buffer: [UInt8] = []
    /// Where the next frame starts in `buffer`; the bytes before it are consumed.
    private(set) var readIndex = 0
    private var failure: WebSocketProtocolError?

    public init(role: Role = .client, maxPayload: Int = WebSocketLimits.maxMessageBytes) {
        self.role = role
        self.maxPayload = maxPayload
    }

    /// Bytes received and not yet returned as frames.
    public var bufferedByteCount: Int { buffer.count - readIndex }

    public mutating func append(_ bytes: some Sequence<UInt8>) {
        compact()
        buffer.append(contentsOf: bytes)
    }

    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        compact()
        buffer.append(contentsOf: bytes)
    }

    /// The next complete frame, with its payload unmasked; nil until its last byte has arrived.
    public mutating func nextFrame() throws(WebSocketProtocolError) -> WebSocketFrame? {
        if let failure { throw failure }
        do {
            return try parse()
        } catch {
            failure = error
            throw error
        }
    }

    private mutating func parse() throws(WebSocketProtocolError) -> WebSocketFrame? {
        let available = buffer.count - readIndex
        guard available >= 1 else { return nil }
        let first = buffer[readIndex]
        let fin = first & 0x80 != 0
        if first & 0x70 != 0 { throw .reservedBitsSet((first & 0x70) >> 4) }
        guard let opcode = WebSocketOpcode(rawValue: first & 0x0F) else { throw .unknownOpcode(first & 0x0F) }
        if opcode.isControl && !fin { throw .fragmentedControlFrame(opcode) }

        guard available >= 2 else { return nil }
        let second = buffer[readIndex + 1]
        let masked = second & 0x80 != 0
        switch (role, masked) {
        case (.client, true): throw .maskedFrameFromServer
        case (.server, false): throw .unmaskedFrameFromClient
        default: break
        }
        let shortLength = second & 0x7F
        if opcode.isControl && shortLength > 125 {
            throw .controlFrameTooLong(opcode, length: UInt64(shortLength))
        }

        var headerLength = 2
        var length = UInt64(shortLength)
        if shortLength == 126 {
            guard available >= 4 else { return nil }
            length = UInt64(buffer[readIndex + 2]) << 8 | UInt64(buffer[readIndex + 3])
            if length < 126 { throw .nonMinimalLength(length) }
            headerLength = 4
        } else if shortLength == 127 {
            guard available >= 10 else { return nil }
            if buffer[readIndex + 2] & 0x80 != 0 { throw .lengthHighBitSet }
            length = 0
            for offset in 2..<10 { length = length << 8 | UInt64(buffer[readIndex + offset]) }
            if length < 65536 { throw .nonMinimalLength(length) }
            headerLength = 10
        }
        if length > UInt64(maxPayload) { throw .messageTooBig(limit: maxPayload) }

        let maskStart = readIndex + headerLength
        if masked { headerLength += 4 }
        let payloadLength = Int(length)
        guard available >= headerLength + payloadLength else { return nil }
        let payloadStart = readIndex + headerLength
        var payload = Array(buffer[payloadStart..<(payloadStart + payloadLength)])
        if masked {
            let key = (buffer[maskStart], buffer[maskStart + 1], buffer[maskStart + 2], buffer[maskStart + 3])
            WebSocketMask.apply(key, to: &payload)
        }
        readIndex = payloadStart + payloadLength
        return WebSocketFrame(fin: fin, opcode: opcode, payload: payload)
    }

    /// Drops consumed bytes once they are the larger part of the buffer, so appends stay amortised O(n).
    private mutating func compact() {
        if readIndex == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            readIndex = 0
        } else if readIndex > 4096 && readIndex * 2 > buffer.count {
            buffer.removeFirst(readIndex)
            readIndex = 0
        }
    }
}

/// The limits the codec and the connection share.
public enum WebSocketLimits {
    /// The largest message accepted (and the largest frame): larger ones are closed with 1009.
    public static let maxMessageBytes = 4 * 1024 * 1024
}
