// libFuzzer target for CompactJSONEncoder (Sources/TenkiBase/CompactJSON), differential against
// Foundation's JSONEncoder with [.sortedKeys, .withoutEscapingSlashes].
//
// The input is read as a program that builds a value: objects (keys may repeat), arrays, strings of
// arbitrary (lossily decoded) bytes, integers, doubles from raw bit patterns (infinity and NaN
// included), booleans and nulls, nested up to 8 deep. Both encoders must agree on every value:
// the same bytes, or both refuse it. Every invariant ends in `fatalError` (through `check`).
import Foundation
@testable import TenkiBase

func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}

indirect enum Value: Encodable {
    case string(String), integer(Int64), double(Double), bool(Bool), null
    case array([Value])
    case object([(String, Value)])

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .string(let text): var one = encoder.singleValueContainer(); try one.encode(text)
        case .integer(let number): var one = encoder.singleValueContainer(); try one.encode(number)
        case .double(let number): var one = encoder.singleValueContainer(); try one.encode(number)
        case .bool(let flag): var one = encoder.singleValueContainer(); try one.encode(flag)
        case .null: var one = encoder.singleValueContainer(); try one.encodeNil()
        case .array(let elements):
            var list = encoder.unkeyedContainer()
            for element in elements { try list.encode(element) }
        case .object(let members):
            var object = encoder.container(keyedBy: Key.self)
            for (key, value) in members { try object.encode(value, forKey: Key(stringValue: key)) }
        }
    }
}

/// Reads a value from `input` at `index`; what runs out of input becomes empty.
struct Builder {
    let input: [UInt8]
    var index = 0

    mutating func byte() -> UInt8 {
        guard index < input.count else { return 0 }
        defer { index += 1 }
        return input[index]
    }

    mutating func word() -> UInt64 {
        var word: UInt64 = 0
        for _ in 0..<8 { word = word << 8 | UInt64(byte()) }
        return word
    }

    mutating func text() -> String {
        let length = Int(byte() % 24)
        let end = min(input.count, index + length)
        defer { index = end }
        return String(decoding: input[min(index, end)..<end], as: UTF8.self)
    }

    mutating func value(depth: Int) -> Value {
        let kind = byte() % (depth >= 8 ? 5 : 7)
        switch kind {
        case 0: return .string(text())
        case 1: return .integer(Int64(truncatingIfNeeded: word()))
        case 2: return .double(Double(bitPattern: word()))
        case 3: return .bool(byte() & 1 == 1)
        case 4: return .null
        case 5: return .array((0..<Int(byte() % 6)).map { _ in value(depth: depth + 1) })
        default: return .object((0..<Int(byte() % 6)).map { _ in (text(), value(depth: depth + 1)) })
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    var builder = Builder(input: Array(UnsafeBufferPointer(start: start, count: count)))
    // A top-level container, as every message is; fragments are covered by the unit tests.
    let value = Value.array([builder.value(depth: 0)])
    let foundation = JSONEncoder()
    foundation.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let expected = try? Array(foundation.encode(value))
    let compact = try? CompactJSONEncoder().encode(value)
    check(
        compact == expected,
        "encoders disagree:\n\(compact.map { String(decoding: $0, as: UTF8.self) } ?? "refused")\n"
            + "\(expected.map { String(decoding: $0, as: UTF8.self) } ?? "refused")")
    if let compact {
        check((try? JSONSerialization.jsonObject(with: Data(compact))) != nil, "output is not JSON")
    }
    return 0
}
