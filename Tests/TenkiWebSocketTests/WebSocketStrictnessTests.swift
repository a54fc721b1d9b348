import Testing

@testable import TenkiWebSocket

/// What the codec refuses, and with which close code: each case is one broken rule of RFC 6455.
@Suite struct WebSocketStrictnessTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var error: WebSocketProtocolError
        var testDescription: String { name }
    }

    static let frameCases: [Case] = [
        Case(name: "RSV1 set", bytes: [0xC1, 0x00], error: .reservedBitsSet(4)),
        Case(name: "RSV3 set", bytes: [0x91, 0x00], error: .reservedBitsSet(1)),
        Case(name: "opcode 3", bytes: [0x83, 0x00], error: .unknownOpcode(3)),
        Case(name: "opcode 0xB", bytes: [0x8B, 0x00], error: .unknownOpcode(0xB)),
        Case(name: "fragmented ping", bytes: [0x09, 0x00], error: .fragmentedControlFrame(.ping)),
        Case(name: "ping of 126 bytes", bytes: [0x89, 0x7E, 0x00, 0x7E], error: .controlFrameTooLong(.ping, length: 126)),
        Case(name: "masked frame from the server", bytes: [0x81, 0x80, 1, 2, 3, 4], error: .maskedFrameFromServer),
        Case(name: "5 in the 16-bit length", bytes: [0x82, 0x7E, 0x00, 0x05], error: .nonMinimalLength(5)),
        Case(name: "300 in the 64-bit length", bytes: [0x82, 0x7F, 0, 0, 0, 0, 0, 0, 0x01, 0x2C], error: .nonMinimalLength(300)),
        Case(name: "64-bit length with the top bit", bytes: [0x82, 0x7F, 0x80, 0, 0, 0, 0, 1, 0, 0], error: .lengthHighBitSet),
        Case(
            name: "a frame over 4 MiB", bytes: [0x82, 0x7F, 0, 0, 0, 0, 0, 0x40, 0, 1],
            error: .messageTooBig(limit: 4 * 1024 * 1024)),
    ]

    @Test(arguments: frameCases)
    func theParserRefuses(_ test: Case) {
        var parser = WebSocketFrameParser()
        parser.append(test.bytes)
        #expect(throws: test.error) { try parser.nextFrame() }
        // Sticky: the same error again, whatever arrives next.
        parser.append([0x81, 0x00])
        #expect(throws: test.error) { try parser.nextFrame() }
    }

    @Test func theServerSideRefusesUnmaskedFrames() {
        var parser = WebSocketFrameParser(role: .server)
        parser.append([0x81, 0x00])
        #expect(throws: WebSocketProtocolError.unmaskedFrameFromClient) { try parser.nextFrame() }
    }

    static func assemble(_ frames: [WebSocketFrame], limit: Int = WebSocketLimits.maxMessageBytes) throws -> [WebSocketEvent] {
        var assembler = WebSocketMessageAssembler(maxMessageBytes: limit)
        return try frames.compactMap { try assembler.receive($0) }
    }

    @Test func aContinuationWithNoMessageIsAnError() {
        #expect(throws: WebSocketProtocolError.unexpectedContinuation) {
            try Self.assemble([WebSocketFrame(opcode: .continuation, payload: [1])])
        }
    }

    @Test func aNewMessageInsideAFragmentedOneIsAnError() {
        #expect(throws: WebSocketProtocolError.expectedContinuation(.binary)) {
            try Self.assemble([WebSocketFrame(fin: false, opcode: .text, payload: [0x41]), WebSocketFrame(opcode: .binary)])
        }
    }

    @Test func controlFramesBetweenFragmentsComeOutAtOnce() throws {
        let events = try Self.assemble([
            WebSocketFrame(fin: false, opcode: .binary, payload: [1]),
            WebSocketFrame(opcode: .ping, payload: [9]),
            WebSocketFrame(fin: false, opcode: .continuation, payload: [2]),
            WebSocketFrame(opcode: .pong, payload: [8]),
            WebSocketFrame(fin: true, opcode: .continuation, payload: [3]),
        ])
        #expect(events == [.ping([9]), .pong([8]), .message(.binary([1, 2, 3]))])
    }

    @Test func aCharacterSplitAcrossFragmentsIsFine() throws {
        let euro: [UInt8] = [0xE2, 0x82, 0xAC]
        let events = try Self.assemble([
            WebSocketFrame(fin: false, opcode: .text, payload: [0x41, euro[0]]),
            WebSocketFrame(fin: false, opcode: .continuation, payload: [euro[1]]),
            WebSocketFrame(fin: true, opcode: .continuation, payload: [euro[2]]),
        ])
        #expect(events == [.message(.text("A€"))])
    }

    @Test(arguments: [
        [0xC0, 0x80] as [UInt8],  // overlong NUL
        [0xED, 0xA0, 0x80],  // a UTF-16 surrogate
        [0xF4, 0x90, 0x80, 0x80],  // above U+10FFFF
        [0xFF],
        [0xE2, 0x82],  // the message ends inside a character
    ])
    func invalidUTF8IsRefusedWith1007(_ bytes: [UInt8]) {
        #expect(throws: WebSocketProtocolError.invalidUTF8) { try Self.assemble([WebSocketFrame(opcode: .text, payload: bytes)]) }
        #expect(WebSocketProtocolError.invalidUTF8.closeCode == .invalidPayload)
    }

    @Test func invalidUTF8FailsAtItsFragmentNotAtTheEnd() {
        var assembler = WebSocketMessageAssembler()
        #expect(throws: WebSocketProtocolError.invalidUTF8) {
            try assembler.receive(WebSocketFrame(fin: false, opcode: .text, payload: [0x41, 0xC0]))
        }
    }

    @Test func aMessageOverTheLimitFailsAtTheFragmentThatCrossesIt() {
        var assembler = WebSocketMessageAssembler(maxMessageBytes: 10)
        #expect(throws: Never.self) {
            try assembler.receive(WebSocketFrame(fin: false, opcode: .binary, payload: Array(repeating: 0, count: 6)))
        }
        #expect(throws: WebSocketProtocolError.messageTooBig(limit: 10)) {
            try assembler.receive(WebSocketFrame(fin: false, opcode: .continuation, payload: Array(repeating: 0, count: 5)))
        }
        #expect(WebSocketProtocolError.messageTooBig(limit: 10).closeCode == .messageTooBig)
        #expect(WebSocketCloseCode.messageTooBig.rawValue == 1009)
    }

    @Test(arguments: [
        ([0x03] as [UInt8], WebSocketProtocolError.invalidClosePayload("a one-byte payload")),
        ([0x03, 0xED], .invalidClosePayload("code 1005 may not be sent")),
        ([0x03, 0xE7], .invalidClosePayload("code 999 may not be sent")),
        ([0x0B, 0xB8 - 0x01], .invalidClosePayload("code 2999 may not be sent")),
        ([0x03, 0xE8, 0xC0, 0x80], .invalidUTF8),
    ])
    func invalidCloseFramesAreRefused(_ payload: [UInt8], _ error: WebSocketProtocolError) {
        #expect(throws: error) { try Self.assemble([WebSocketFrame(opcode: .close, payload: payload)]) }
    }

    @Test func closeFramesCarryCodeAndReason() throws {
        #expect(try Self.assemble([WebSocketFrame(opcode: .close)]) == [.close(WebSocketClose(code: .noStatusReceived))])
        let close = WebSocketClose(code: WebSocketCloseCode(4000), reason: "bye")
        #expect(try Self.assemble([WebSocketFrame(opcode: .close, payload: close.payload)]) == [.close(close)])
        // A long reason is cut at a character boundary so the frame stays within 125 bytes.
        let long = WebSocketClose(code: .goingAway, reason: String(repeating: "é", count: 100))
        #expect(long.payload.count == 124)
        #expect(try WebSocketClose.parse(long.payload).reason == String(repeating: "é", count: 61))
    }
}
