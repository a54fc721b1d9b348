// libFuzzer target for FormURLEncoded (Sources/TenkiCore/Commands).
//
// Built by fuzz/run.sh against the module imported below, which it builds with the fuzzer's
// coverage. Every invariant ends in `fatalError` (through `check`), which libFuzzer reports as a
// crash and saves the input.

@testable import TenkiCore

/// `precondition` that keeps its message in -O builds, so the crash report says which invariant broke.
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}

func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: byte - 0x30
    case 0x41...0x46: byte - 0x41 + 10
    case 0x61...0x66: byte - 0x61 + 10
    default: nil
    }
}

/// A deliberately naive second decoder, written from the doc comment of FormURLEncoded rather than
/// from its code: split on `&`, skip empty pairs, split at the first `=`, `+` is a space, `%XX` a
/// byte, and the bytes must be UTF-8. Errors come in the order the fields appear (name, then value).
func referenceDecode(_ input: [UInt8]) -> Result<[(name: String, value: String)], FormDecodingError> {
    func unescape(_ start: Int, _ end: Int, pairStart: Int) -> Result<String, FormDecodingError> {
        var bytes: [UInt8] = []
        var index = start
        while index < end {
            switch input[index] {
            case UInt8(ascii: "+"):
                bytes.append(0x20)
                index += 1
            case UInt8(ascii: "%"):
                guard index + 2 < end, let high = hexDigit(input[index + 1]), let low = hexDigit(input[index + 2]) else {
                    return .failure(.malformedPercentEscape(offset: index))
                }
                bytes.append(high * 16 + low)
                index += 3
            default:
                bytes.append(input[index])
                index += 1
            }
        }
        guard let string = String(validating: bytes, as: UTF8.self) else {
            return .failure(.invalidUTF8(offset: pairStart))
        }
        return .success(string)
    }

    var fields: [(name: String, value: String)] = []
    var start = 0
    while start < input.count {
        var end = start
        while end < input.count, input[end] != UInt8(ascii: "&") { end += 1 }
        if end > start {
            let equals = input[start..<end].firstIndex(of: UInt8(ascii: "=")) ?? end
            let name: String
            switch unescape(start, equals, pairStart: start) {
            case .success(let text): name = text
            case .failure(let error): return .failure(error)
            }
            var value = ""
            if equals < end {
                switch unescape(equals + 1, end, pairStart: start) {
                case .success(let text): value = text
                case .failure(let error): return .failure(error)
                }
            }
            fields.append((name, value))
        }
        start = end + 1
    }
    return .success(fields)
}

func samePairs(_ a: [(name: String, value: String)], _ b: [(name: String, value: String)]) -> Bool {
    a.elementsEqual(b) { $0.name == $1.name && $0.value == $1.value }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))

    // Is there a `%` not followed by two hex digits anywhere in the input?
    var hasBadEscape = false
    for index in input.indices where input[index] == UInt8(ascii: "%") {
        if index + 2 >= input.count || hexDigit(input[index + 1]) == nil || hexDigit(input[index + 2]) == nil {
            hasBadEscape = true
            break
        }
    }

    let decoded: [(name: String, value: String)]
    do {
        decoded = try FormURLEncoded.decode(input)
    } catch {
        // Typed throws: `error` is a FormDecodingError by construction; check its offset.
        switch error {
        case .malformedPercentEscape(let offset):
            check(offset >= 0 && offset < input.count, "offset \(offset) outside \(input.count) bytes")
            check(input[offset] == UInt8(ascii: "%"), "malformedPercentEscape(\(offset)) does not point at a %")
        case .invalidUTF8(let offset):
            check(offset >= 0 && offset < input.count, "offset \(offset) outside \(input.count) bytes")
            check(offset == 0 || input[offset - 1] == UInt8(ascii: "&"), "invalidUTF8(\(offset)) is not a pair start")
        }
        switch referenceDecode(input) {
        case .success: fatalError("decode threw \(error), the reference decoder accepted the input")
        case .failure(let expected): check(expected == error, "decode threw \(error), reference \(expected)")
        }
        // The same bytes in a non-contiguous collection take the copying path and must agree.
        do {
            _ = try FormURLEncoded.decode(AnyCollection(input))
            fatalError("non-contiguous input accepted what contiguous input refused")
        } catch let again {
            check(again == error, "non-contiguous input: \(again), contiguous: \(error)")
        }
        return 0
    }

    check(!hasBadEscape, "decode accepted a % not followed by two hex digits")
    switch referenceDecode(input) {
    case .success(let expected): check(samePairs(decoded, expected), "decode and the reference disagree")
    case .failure(let error): fatalError("decode accepted, the reference decoder threw \(error)")
    }

    // encode → decode is the identity on what decode returned.
    let encoded = FormURLEncoded.encode(decoded.map { ($0.name, $0.value) })
    check(encoded.utf8.allSatisfy { $0 < 0x80 }, "encode produced non-ASCII")
    do {
        let again = try FormURLEncoded.decode(Array(encoded.utf8))
        check(samePairs(again, decoded), "decode(encode(decoded)) != decoded")
    } catch {
        fatalError("decode(encode(decoded)) threw \(error)")
    }
    // And encode is a fixed point after one round.
    check(FormURLEncoded.encode(decoded.map { ($0.name, $0.value) }) == encoded, "encode is not deterministic")
    return 0
}
