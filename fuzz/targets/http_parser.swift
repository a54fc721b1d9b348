// libFuzzer target for HTTPRequestParser (Sources/TenkiHTTPServer).
//
// Built by fuzz/run.sh against the module imported below, which it builds with the fuzzer's
// coverage; the testable import shows the parser's internal state (`readIndex`). Every invariant
// below ends in `fatalError` (through `check`), which libFuzzer reports as a crash and saves the input.

import TenkiBase
@testable import TenkiHTTPServer

/// `precondition` that keeps its message in -O builds, so the crash report says which invariant broke.
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}

/// Small limits so that the limits themselves are exercised by inputs of a few KiB.
let fuzzMaxHeaderBytes = 1024
let fuzzMaxBodyBytes = 4096

/// What the parser produced, in a comparable form.
struct ParsedRequest: Equatable {
    var method: String
    var target: String
    var version: HTTPVersion
    var headers: HTTPHeaders
    var body: [UInt8]

    init(_ request: HTTPRequest) {
        method = request.method
        target = request.target
        version = request.version
        headers = request.headers
        body = request.body
    }
}

enum ParseEvent: Equatable {
    case request(ParsedRequest)
    case failure(HTTPParseError.Kind, String)
}

/// A request accepted from the whole input, with where its head started in the input.
struct Accepted {
    var request: HTTPRequest
    var searchFrom: Int
}

/// Feeds `input` in the given pieces and drains the parser after each one. Stops at the first
/// error, after checking that the parser keeps returning it.
func parse(_ input: [UInt8], pieces: [Range<Int>], accepted: inout [Accepted]) -> [ParseEvent] {
    var parser = HTTPRequestParser(maxHeaderBytes: fuzzMaxHeaderBytes, maxBodyBytes: fuzzMaxBodyBytes)
    var events: [ParseEvent] = []
    for piece in pieces {
        input[piece].withUnsafeBytes { parser.append($0) }
        while true {
            let before = parser.readIndex
            do {
                guard let request = try parser.nextRequest() else { break }
                events.append(.request(ParsedRequest(request)))
                accepted.append(Accepted(request: request, searchFrom: before))
            } catch {
                events.append(.failure(error.kind, error.reason))
                do {
                    _ = try parser.nextRequest()
                    fatalError("parser forgot its error \(error)")
                } catch let again {
                    check(again == error, "sticky error changed: \(error) then \(again)")
                }
                return events
            }
        }
    }
    return events
}

/// A pseudo-random generator seeded from the input, so every run of one input splits it the same way.
struct SplitMix {
    var state: UInt64
    init(_ bytes: [UInt8]) {
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

func isToken(_ byte: UInt8) -> Bool { HTTPRequestParser.isTokenByte(byte) }

/// Checks one accepted request in isolation.
func checkAccepted(_ accepted: Accepted, in input: [UInt8]) {
    let request = accepted.request
    let contentLengths = request.headers.values(for: "Content-Length")
    let transferEncodings = request.headers.values(for: "Transfer-Encoding")

    // Framing: never both, never two Content-Lengths, chunked only on HTTP/1.1.
    check(contentLengths.isEmpty || transferEncodings.isEmpty, "accepted Content-Length with Transfer-Encoding")
    check(contentLengths.count <= 1, "accepted more than one Content-Length: \(contentLengths)")
    if !transferEncodings.isEmpty {
        check(transferEncodings.count == 1, "accepted several Transfer-Encoding fields")
        check(
            transferEncodings[0].trimmingSpacesAndTabs().equalsIgnoringASCIICase("chunked"),
            "accepted Transfer-Encoding \(transferEncodings[0])")
        check(request.version == .http1_1, "accepted Transfer-Encoding on HTTP/1.0")
    } else if let text = contentLengths.first {
        check(!text.isEmpty && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }, "accepted Content-Length \(text)")
        check(Int(text) == request.body.count, "body of \(request.body.count) bytes, Content-Length \(text)")
    } else {
        check(request.body.isEmpty, "body without framing")
    }

    // Limits.
    check(request.body.count <= fuzzMaxBodyBytes, "body of \(request.body.count) bytes over the limit")
    var headStart = accepted.searchFrom
    while headStart + 1 < input.count, input[headStart] == 0x0D, input[headStart + 1] == 0x0A { headStart += 2 }
    var headEnd = headStart
    while headEnd + 3 < input.count,
          !(input[headEnd] == 0x0D && input[headEnd + 1] == 0x0A && input[headEnd + 2] == 0x0D && input[headEnd + 3] == 0x0A) {
        headEnd += 1
    }
    check(headEnd + 3 < input.count, "accepted a head without CRLF CRLF")
    let headBytes = headEnd + 4 - headStart
    check(headBytes <= fuzzMaxHeaderBytes, "accepted a head of \(headBytes) bytes, limit \(fuzzMaxHeaderBytes)")

    // Syntax of what was accepted.
    check(!request.method.isEmpty && request.method.utf8.allSatisfy(isToken), "method \(request.method)")
    check(
        request.target.utf8.first == UInt8(ascii: "/") && request.target.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F },
        "target \(request.target)")
    check(request.version == .http1_1 || request.version == .http1_0, "version \(request.version)")
    for field in request.headers {
        check(!field.name.isEmpty && field.name.utf8.allSatisfy(isToken), "header name \(field.name)")
        check(
            !field.value.utf8.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 },
            "CR, LF or NUL in the value of \(field.name)")
        check(
            field.value.utf8.first != 0x20 && field.value.utf8.first != 0x09
                && field.value.utf8.last != 0x20 && field.value.utf8.last != 0x09,
            "untrimmed value of \(field.name)")
    }

    // Round trip: serialise (chunked becomes Content-Length) and parse again with roomy limits.
    var headers = request.headers
    let chunked = !transferEncodings.isEmpty
    if chunked {
        headers.remove("Transfer-Encoding")
        headers.add("Content-Length", String(request.body.count))
    }
    var bytes = Array("\(request.method) \(request.target) \(request.version)\r\n".utf8)
    for field in headers {
        bytes += Array("\(field.name): \(field.value)\r\n".utf8)
    }
    bytes += Array("\r\n".utf8)
    bytes += request.body
    var reparser = HTTPRequestParser(maxHeaderBytes: 1 << 20, maxBodyBytes: 1 << 20)
    reparser.append(bytes)
    let again: HTTPRequest
    do {
        guard let parsed = try reparser.nextRequest() else { fatalError("re-serialised request is incomplete") }
        again = parsed
        let extra = try reparser.nextRequest()
        check(extra == nil, "re-serialised request parsed as two")
    } catch {
        fatalError("re-serialised request rejected: \(error)")
    }
    check(reparser.bufferedByteCount == 0, "re-serialised request left bytes over")
    check(again.method == request.method, "round trip changed the method")
    check(again.target == request.target, "round trip changed the target")
    check(again.version == request.version, "round trip changed the version")
    check(again.body == request.body, "round trip changed the body")
    var expected = request.headers
    var actual = again.headers
    if chunked {
        for name in ["Transfer-Encoding", "Content-Length"] {
            expected.remove(name)
            actual.remove(name)
        }
    }
    check(expected == actual, "round trip changed the headers")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    var random = SplitMix(input)

    var accepted: [Accepted] = []
    let whole = parse(input, pieces: [0..<input.count], accepted: &accepted)
    for request in accepted { checkAccepted(request, in: input) }

    var ignored: [Accepted] = []
    let cut = random.below(input.count + 1)
    let halves = parse(input, pieces: [0..<cut, cut..<input.count], accepted: &ignored)
    check(halves == whole, "split at \(cut) changed the result:\n\(whole)\n\(halves)")

    var pieces: [Range<Int>] = []
    if input.count <= 512 {
        pieces = (0..<input.count).map { $0..<($0 + 1) }
    } else {
        var start = 0
        while start < input.count {
            let end = min(input.count, start + 1 + random.below(64))
            pieces.append(start..<end)
            start = end
        }
    }
    let small = parse(input, pieces: pieces, accepted: &ignored)
    check(small == whole, "feeding in \(pieces.count) pieces changed the result:\n\(whole)\n\(small)")
    return 0
}
