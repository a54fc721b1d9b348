import Synchronization

/// Short request ids (`a1b2c3-42`): a random per-process prefix and a counter, so ids are unique
/// across restarts without a random draw per request.
final class RequestIDGenerator: Sendable {
    private let prefix: String
    private let counter = Atomic<UInt64>(0)

    init() {
        prefix = String(UInt32.random(in: 0x100000...0xFFFFFF), radix: 16)
    }

    func next() -> String {
        let number = counter.wrappingAdd(1, ordering: .relaxed).newValue
        return Self.id(prefix: prefix, number: number)
    }

    /// `prefix-number`, written digit by digit: string interpolation of an integer costs a few per cent
    /// of a cached command. Up to 15 bytes (six hex digits, a dash, eight digits) it is a small
    /// string, stored inline without an allocation.
    static func id(prefix: String, number: UInt64) -> String {
        var digits = (UInt64(0), 0)  // the number's decimal digits, reversed, four bits each
        var rest = number
        repeat {
            digits.0 = digits.0 << 4 | rest % 10
            digits.1 += 1
            rest /= 10
        } while rest > 0 && digits.1 < 16
        guard rest == 0 else { return "\(prefix)-\(number)" }  // more than 16 digits: not worth a fast path
        let prefixBytes = prefix.utf8.count
        return String(unsafeUninitializedCapacity: prefixBytes + 1 + digits.1) { buffer in
            var index = 0
            for byte in prefix.utf8 {
                buffer[index] = byte
                index += 1
            }
            buffer[index] = UInt8(ascii: "-")
            index += 1
            var packed = digits.0
            for _ in 0..<digits.1 {
                buffer[index] = UInt8(ascii: "0") + UInt8(packed & 0xF)
                packed >>= 4
                index += 1
            }
            return index
        }
    }
}
