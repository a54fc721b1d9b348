import Testing

@testable import TenkiWebSocket

/// The example frames of RFC 6455 §5.7, both ways: the encoder writes exactly these bytes, and the
/// parser reads them back (masked ones only in the server's role: a client refuses masked frames).
@Suite struct WebSocketFrameTests {
    static let hello = Array("Hello".utf8)
    static let rfcMask: (UInt8, UInt8, UInt8, UInt8) = (0x37, 0xfa, 0x21, 0x3d)

    static func parseAll(_ bytes: [UInt8], role: WebSocketFrameParser.Role = .client) throws -> [WebSocketFrame] {
        var parser = WebSocketFrameParser(role: role)
        parser.append(bytes)
        var frames: [WebSocketFrame] = []
        while let frame = try parser.nextFrame() { frames.append(frame) }
        #expect(parser.bufferedByteCount == 0)
        return frames
    }

    @Test func singleFrameUnmaskedText() throws {
        let bytes: [UInt8] = [0x81, 0x05, 0x48, 0x65, 0x6c, 0x6c, 0x6f]
        #expect(WebSocketFrameEncoder.encode(WebSocketFrame(opcode: .text, payload: Self.hello), maskKey: nil) == bytes)
        #expect(try Self.parseAll(bytes) == [WebSocketFrame(opcode: .text, payload: Self.hello)])
    }

    @Test func singleFrameMaskedText() throws {
        let bytes: [UInt8] = [0x81, 0x85, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d, 0x51, 0x58]
        #expect(WebSocketFrameEncoder.encode(WebSocketFrame(opcode: .text, payload: Self.hello), maskKey: Self.rfcMask) == bytes)
        #expect(try Self.parseAll(bytes, role: .server) == [WebSocketFrame(opcode: .text, payload: Self.hello)])
        #expect(throws: WebSocketProtocolError.maskedFrameFromServer) { try Self.parseAll(bytes, role: .client) }
    }

    @Test func fragmentedUnmaskedText() throws {
        let bytes: [UInt8] = [0x01, 0x03, 0x48, 0x65, 0x6c, 0x80, 0x02, 0x6c, 0x6f]
        let frames = try Self.parseAll(bytes)
        #expect(
            frames == [
                WebSocketFrame(fin: false, opcode: .text, payload: Array("Hel".utf8)),
                WebSocketFrame(fin: true, opcode: .continuation, payload: Array("lo".utf8)),
            ])
        var assembler = WebSocketMessageAssembler()
        #expect(try assembler.receive(frames[0]) == nil)
        #expect(assembler.isInsideMessage)
        #expect(try assembler.receive(frames[1]) == .message(.text("Hello")))
        #expect(WebSocketFrameEncoder.fragments(of: Self.hello, opcode: .text, fragmentSize: 3) == frames)
        #expect(frames.flatMap { WebSocketFrameEncoder.encode($0, maskKey: nil) } == bytes)
    }

    @Test func unmaskedPingAndMaskedPong() throws {
        let ping: [UInt8] = [0x89, 0x05, 0x48, 0x65, 0x6c, 0x6c, 0x6f]
        let pong: [UInt8] = [0x8a, 0x85, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d, 0x51, 0x58]
        #expect(WebSocketFrameEncoder.encode(WebSocketFrame(opcode: .ping, payload: Self.hello), maskKey: nil) == ping)
        #expect(WebSocketFrameEncoder.encode(WebSocketFrame(opcode: .pong, payload: Self.hello), maskKey: Self.rfcMask) == pong)
        #expect(try Self.parseAll(ping) == [WebSocketFrame(opcode: .ping, payload: Self.hello)])
        #expect(try Self.parseAll(pong, role: .server) == [WebSocketFrame(opcode: .pong, payload: Self.hello)])
    }

    @Test func binary256BytesUsesTheTwoByteLength() throws {
        let payload = (0..<256).map { UInt8($0 & 0xFF) }
        let bytes = WebSocketFrameEncoder.encode(WebSocketFrame(opcode: .binary, payload: payload), maskKey: nil)
        #expect(Array(bytes.prefix(4)) == [0x82, 0x7E, 0x01, 0x00])
        #expect(bytes.count == 4 + 256)
        #expect(try Self.parseAll(bytes) == [WebSocketFrame(opcode: .binary, payload: payload)])
    }

    @Test func binary64KiBUsesTheEightByteLength() throws {
        let payload = (0..<65536).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let bytes = WebSocketFrameEncoder.encode(WebSocketFrame(opcode: .binary, payload: payload), maskKey: nil)
        #expect(Array(bytes.prefix(10)) == [0x82, 0x7F, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00])
        #expect(try Self.parseAll(bytes) == [WebSocketFrame(opcode: .binary, payload: payload)])
        // Masked, the same payload comes back through the server's parser (the 8-byte-wide XOR and its tail).
        let masked = WebSocketFrameEncoder.encode(
            WebSocketFrame(opcode: .binary, payload: payload + [1, 2, 3]), maskKey: (1, 2, 3, 4))
        #expect(try Self.parseAll(masked, role: .server) == [WebSocketFrame(opcode: .binary, payload: payload + [1, 2, 3])])
    }

    @Test func aFrameSplitAnywhereParsesTheSame() throws {
        let bytes: [UInt8] = [0x01, 0x03, 0x48, 0x65, 0x6c, 0x89, 0x00, 0x80, 0x02, 0x6c, 0x6f]
        let whole = try Self.parseAll(bytes)
        var parser = WebSocketFrameParser()
        var frames: [WebSocketFrame] = []
        for byte in bytes {
            parser.append([byte])
            while let frame = try parser.nextFrame() { frames.append(frame) }
        }
        #expect(frames == whole)
        #expect(whole.count == 3)
    }
}
