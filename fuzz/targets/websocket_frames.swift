// libFuzzer target for the WebSocket codec (Sources/TenkiWebSocket): WebSocketFrameParser's
// incremental parse, WebSocketMessageAssembler and the UTF-8 validator behind it.
//
// Built by fuzz/run.sh against the module imported below, which it builds with the fuzzer's
// coverage; the testable import shows the parser's internal state (`readIndex`). Every invariant
// ends in `fatalError` (through `check`), which libFuzzer reports as a crash and saves the input.
//
// The first byte of the input picks the reading side (bit 0: server, which expects masked frames;
// else client, which refuses them); the rest is the bytes on the wire. The limits are small
// (4096 bytes a frame, 8192 a message) so inputs of a few KiB reach them.

@testable import TenkiWebSocket

let fuzzMaxPayload = 4096
let fuzzMaxMessage = 8192

/// `precondition` that keeps its message in -O builds, so the crash report says which invariant broke.
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}

/// What one parse produced, in order: frames with the bytes they came from, the events the
/// assembler made of them, and the error that ended it (if one did).
struct Outcome: Equatable {
    var frames: [WebSocketFrame] = []
    var wire: [[UInt8]] = []
    var events: [WebSocketEvent] = []
    var failure: WebSocketProtocolError?
}

func parse(_ input: ArraySlice<UInt8>, role: WebSocketFrameParser.Role, pieces: [Range<Int>]) -> Outcome {
    var parser = WebSocketFrameParser(role: role, maxPayload: fuzzMaxPayload)
    var assembler = WebSocketMessageAssembler(maxMessageBytes: fuzzMaxMessage)
    var outcome = Outcome()
    var consumed = 0
    for piece in pieces {
        parser.append(input[(input.startIndex + piece.lowerBound)..<(input.startIndex + piece.upperBound)])
        while true {
            let before = parser.bufferedByteCount
            let parsed: WebSocketFrame?
            do {
                parsed = try parser.nextFrame()
            } catch {
                // Sticky: asking again gives the same error.
                do {
                    _ = try parser.nextFrame()
                    fatalError("the parser forgot its error \(error)")
                } catch let again {
                    check(again == error, "sticky error changed: \(error) then \(again)")
                }
                outcome.failure = error
                return outcome
            }
            guard let frame = parsed else { break }
            let length = before - parser.bufferedByteCount
            outcome.frames.append(frame)
            outcome.wire.append(Array(input[(input.startIndex + consumed)..<(input.startIndex + consumed + length)]))
            consumed += length
            do {
                if let event = try assembler.receive(frame) { outcome.events.append(event) }
            } catch {
                outcome.failure = error
                return outcome
            }
        }
    }
    return outcome
}

/// A pseudo-random generator seeded from the input, so every run of one input splits it the same way.
struct SplitMix {
    var state: UInt64
    init(_ bytes: ArraySlice<UInt8>) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        state = hash
    }
    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }
}

/// Checks each accepted frame and event against the rules, and the frames against the encoder.
func checkAccepted(_ outcome: Outcome, role: WebSocketFrameParser.Role) {
    for (frame, wire) in zip(outcome.frames, outcome.wire) {
        check(frame.payload.count <= fuzzMaxPayload, "frame of \(frame.payload.count) bytes over the limit")
        if frame.opcode.isControl {
            check(frame.fin && frame.payload.count <= 125, "accepted a fragmented or long \(frame.opcode) frame")
        }
        check(wire[0] & 0x70 == 0, "accepted reserved bits")
        // Lengths are minimal and the mask is the one on the wire, so the encoder writes the same bytes.
        let masked = wire[1] & 0x80 != 0
        check(masked == (role == .server), "accepted a frame masked \(masked) as the \(role)")
        var key: (UInt8, UInt8, UInt8, UInt8)?
        if masked {
            let at = wire.count - frame.payload.count - 4
            key = (wire[at], wire[at + 1], wire[at + 2], wire[at + 3])
        }
        check(WebSocketFrameEncoder.encode(frame, maskKey: key) == wire, "re-encoding \(frame.opcode) changed its bytes")
    }
    for event in outcome.events {
        switch event {
        case .message(.text(let text)):
            check(text.utf8.count <= fuzzMaxMessage, "text message over the limit")
        case .message(.binary(let bytes)):
            check(bytes.count <= fuzzMaxMessage, "binary message over the limit")
        case .close(let close):
            check(close.code == .noStatusReceived || close.code.isSendable, "accepted close code \(close.code)")
        case .ping(let payload), .pong(let payload):
            check(payload.count <= 125, "control payload of \(payload.count) bytes")
        }
    }
    // The text messages are exactly the bytes of their fragments, and valid UTF-8 by Swift's own decoder.
    var fragments: [UInt8] = []
    var textOpen = false
    var texts: [[UInt8]] = []
    for frame in outcome.frames where !frame.opcode.isControl {
        if frame.opcode == .text { (textOpen, fragments) = (true, []) }
        if frame.opcode == .binary { textOpen = false }
        if textOpen { fragments += frame.payload }
        if frame.fin && textOpen {
            texts.append(fragments)
            textOpen = false
        }
    }
    let delivered = outcome.events.compactMap { event -> [UInt8]? in
        if case .message(.text(let text)) = event { return Array(text.utf8) }
        return nil
    }
    check(Array(delivered) == Array(texts.prefix(delivered.count)), "a text message differs from its fragments")
    for text in delivered { check(String(validating: text, as: UTF8.self) != nil, "delivered text that is not UTF-8") }
}

/// The incremental validator agrees with Swift's UTF-8 decoder, whole or in two pieces.
func checkValidator(_ bytes: ArraySlice<UInt8>, cut: Int) {
    let expected = String(validating: bytes, as: UTF8.self) != nil
    var whole = UTF8Validator()
    let wholeResult = whole.consume(bytes) && whole.isAtCharacterBoundary
    check(wholeResult == expected, "UTF8Validator says \(wholeResult), Swift says \(expected)")
    var split = UTF8Validator()
    let middle = bytes.startIndex + cut
    let splitResult = split.consume(bytes[..<middle]) && split.consume(bytes[middle...]) && split.isAtCharacterBoundary
    check(splitResult == expected, "UTF8Validator split at \(cut) says \(splitResult), Swift says \(expected)")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let all = Array(UnsafeBufferPointer(start: data, count: size))
    let role: WebSocketFrameParser.Role = all[0] & 1 == 1 ? .server : .client
    let input = all[1...]
    var random = SplitMix(input)

    let whole = parse(input, role: role, pieces: [0..<input.count])
    checkAccepted(whole, role: role)

    let cut = random.below(input.count + 1)
    let halves = parse(input, role: role, pieces: [0..<cut, cut..<input.count])
    check(halves == whole, "split at \(cut) changed the result")

    var pieces: [Range<Int>] = []
    var start = 0
    while start < input.count {
        let end = min(input.count, start + 1 + (input.count <= 512 ? 0 : random.below(64)))
        pieces.append(start..<end)
        start = end
    }
    let small = parse(input, role: role, pieces: pieces)
    check(small == whole, "feeding in \(pieces.count) pieces changed the result")

    checkValidator(input, cut: cut)
    return 0
}
