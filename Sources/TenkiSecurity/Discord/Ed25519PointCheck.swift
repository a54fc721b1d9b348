/// Decides whether 32 bytes are a public key worth trusting, which libcrypto does not: it loads any
/// 32 bytes, and a key that is not a point, or is a point of small order, lets a forged signature
/// pass (with the all-zero key, R = identity and S = 0 verifies for many messages).
///
/// RFC 8032, section 5.1.3: `y` (the low 255 bits) must be below p = 2^255 − 19, and
/// x² = (y² − 1) / (d·y² + 1) must have a root, with x = 0 only when the sign bit is 0. Then the
/// point must not be one of the eight of small order (order 1, 2, 4 or 8): exactly those whose `y`
/// is 0, 1, −1 or ±y₈ below. Field arithmetic is TweetNaCl's (16 limbs of 16 bits); it runs once,
/// at start, so it need not be fast or constant-time.
enum Ed25519PointCheck {
    enum Verdict: Equatable {
        case valid
        case notAPoint
        case smallOrder
    }

    static func check(_ bytes: [UInt8]) -> Verdict {
        guard bytes.count == 32 else { return .notAPoint }
        var y = bytes
        let sign = y[31] >> 7
        y[31] &= 0x7f
        guard isBelowP(y) else { return .notAPoint }
        guard let x = recoverX(y: y) else { return .notAPoint }
        if pack(x).allSatisfy({ $0 == 0 }), sign == 1 { return .notAPoint }
        if smallOrderY.contains(y) { return .smallOrder }
        return .valid
    }

    /// The `y` of every point of small order, little-endian: 0 (order 4), 1 (the identity),
    /// p − 1 (order 2), and the two of order 8.
    static let smallOrderY: [[UInt8]] = [
        [UInt8](repeating: 0, count: 32),
        [1] + [UInt8](repeating: 0, count: 31),
        [0xec] + [UInt8](repeating: 0xff, count: 30) + [0x7f],
        hex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05"),
        hex("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a"),
    ]

    private static func hex(_ text: String) -> [UInt8] { HexBytes.decode(text)! }

    /// Little-endian `y` (top bit already cleared) < 2^255 − 19.
    static func isBelowP(_ y: [UInt8]) -> Bool {
        let p: [UInt8] = [0xed] + [UInt8](repeating: 0xff, count: 30) + [0x7f]
        for index in stride(from: 31, through: 0, by: -1) where y[index] != p[index] {
            return y[index] < p[index]
        }
        return false
    }

    // MARK: Field elements mod 2^255 − 19 (TweetNaCl's gf)

    typealias Element = [Int64]

    static let one: Element = [1] + Element(repeating: 0, count: 15)
    static let zero = Element(repeating: 0, count: 16)
    static let d: Element = [
        0x78a3, 0x1359, 0x4dca, 0x75eb, 0xd8ab, 0x4141, 0x0a4d, 0x0070, 0xe898, 0x7779, 0x4079, 0x8cc7, 0xfe73, 0x2b6f, 0x6cee,
        0x5203,
    ]
    /// √−1.
    static let rootOfMinusOne: Element = [
        0xa0b0, 0x4a0e, 0x1b27, 0xc4ee, 0xe478, 0xad2f, 0x1806, 0x2f43, 0xd7a7, 0x3dfb, 0x0099, 0x2b4d, 0xdf0b, 0x4fc1, 0x2480,
        0x2b83,
    ]

    /// x with x² = (y² − 1) / (d·y² + 1), or nil when there is none (TweetNaCl's unpackneg).
    static func recoverX(y bytes: [UInt8]) -> Element? {
        var y = zero
        for i in 0..<16 { y[i] = Int64(bytes[2 * i]) + (Int64(bytes[2 * i + 1]) << 8) }
        y[15] &= 0x7fff
        var num = square(y)
        var den = multiply(num, d)
        num = subtract(num, one)
        den = add(one, den)
        let den2 = square(den), den4 = square(den2), den6 = multiply(den4, den2)
        var t = multiply(multiply(den6, num), den)
        t = pow2523(t)
        t = multiply(multiply(multiply(t, num), den), den)
        var x = multiply(t, den)
        if pack(multiply(square(x), den)) != pack(num) { x = multiply(x, rootOfMinusOne) }
        guard pack(multiply(square(x), den)) == pack(num) else { return nil }
        return x
    }

    static func carry(_ o: inout Element) {
        for i in 0..<16 {
            o[i] &+= 1 << 16
            let c = o[i] >> 16
            if i < 15 { o[i + 1] &+= c &- 1 } else { o[0] &+= 38 &* (c &- 1) }
            o[i] &-= c << 16
        }
    }

    static func add(_ a: Element, _ b: Element) -> Element { (0..<16).map { a[$0] &+ b[$0] } }
    static func subtract(_ a: Element, _ b: Element) -> Element { (0..<16).map { a[$0] &- b[$0] } }

    static func multiply(_ a: Element, _ b: Element) -> Element {
        var t = [Int64](repeating: 0, count: 31)
        for i in 0..<16 { for j in 0..<16 { t[i + j] &+= a[i] &* b[j] } }
        for i in 0..<15 { t[i] &+= 38 &* t[i + 16] }
        var o = Array(t[0..<16])
        carry(&o)
        carry(&o)
        return o
    }

    static func square(_ a: Element) -> Element { multiply(a, a) }

    /// a^((p − 5) / 8).
    static func pow2523(_ a: Element) -> Element {
        var c = a
        for bit in stride(from: 250, through: 0, by: -1) {
            c = square(c)
            if bit != 1 { c = multiply(c, a) }
        }
        return c
    }

    /// The canonical 32 bytes of `n` (fully reduced mod p).
    static func pack(_ n: Element) -> [UInt8] {
        var t = n
        carry(&t)
        carry(&t)
        carry(&t)
        for _ in 0..<2 {
            var m = zero
            m[0] = t[0] - 0xffed
            for i in 1..<15 {
                m[i] = t[i] - 0xffff - ((m[i - 1] >> 16) & 1)
                m[i - 1] &= 0xffff
            }
            m[15] = t[15] - 0x7fff - ((m[14] >> 16) & 1)
            let borrow = (m[15] >> 16) & 1
            m[14] &= 0xffff
            if borrow == 0 { t = m }
        }
        var out = [UInt8](repeating: 0, count: 32)
        for i in 0..<16 {
            out[2 * i] = UInt8(truncatingIfNeeded: t[i])
            out[2 * i + 1] = UInt8(truncatingIfNeeded: t[i] >> 8)
        }
        return out
    }
}
