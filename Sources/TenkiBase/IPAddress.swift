#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 or IPv6 address, and the one rule for where Tenki may connect when private addresses
/// are off: `isPublic`.
///
/// A URL's host is read as the resolver and libcurl read it, not as written: `inet_aton` takes
/// `2130706433`, `0x7f000001`, `127.1` and `0177.0.0.1` as 127.0.0.1, and `inet_pton` takes
/// `::ffff:7f00:1` and `::ffff:127.0.0.1` as the same address in IPv6. The same rule decides on
/// the address a name resolved to (`CurlTransport`'s socket hook), so that a name pointing at a
/// private address is refused too, before any connection.
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// 4 bytes (IPv4) or 16 (IPv6), in network order.
    public let bytes: [UInt8]

    public init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    public var isIPv4: Bool { bytes.count == 4 }

    /// What a URL's host is, as far as addresses go.
    public enum Host: Sendable, Equatable {
        /// An address in any spelling the resolver accepts.
        case address(IPAddress)
        /// A name to be resolved (`example.com`, `localhost`), lowercased and without a final dot,
        /// as DNS compares names.
        case name(String)
        /// Neither: a host whose last label is a number but which is no address (`256.1.1.1`,
        /// `4294967296`, `1.2.3.4.5`). A resolver may read it in ways of its own; it is refused.
        case invalidNumeric
    }

    /// `host` (as in a URL, IPv6 in brackets or not, a zone `%25eth0` or `%eth0` allowed) read
    /// as an address when it is one. A trailing dot is ignored, as resolvers do.
    public static func host(_ rawHost: String) -> Host {
        var host = rawHost
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.contains(":") {
            if let percent = host.firstIndex(of: "%") { host = String(host[..<percent]) }
            guard let address = parseIPv6(host) else { return .invalidNumeric }
            return .address(address)
        }
        if host.hasSuffix(".") { host.removeLast() }
        if let address = parseIPv4(host) { return .address(address) }
        // WHATWG's "ends in a number": such a host is an address or nothing, never a name.
        let last = host.split(separator: ".", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        let lower = last.lowercased()
        let isNumber =
            (!lower.isEmpty && lower.allSatisfy(\.isASCIIDigit))
            || (lower.hasPrefix("0x") && lower.dropFirst(2).allSatisfy(\.isHexDigit))
        return isNumber ? .invalidNumeric : .name(host.lowercased())
    }

    /// IPv4 as `inet_aton` reads it: one to four parts, each decimal, octal (leading 0) or hex (0x).
    public static func parseIPv4(_ text: String) -> IPAddress? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x20 }) else { return nil }
        var address = in_addr()
        guard inet_aton(text, &address) != 0 else { return nil }
        let value = UInt32(bigEndian: address.s_addr)
        return IPAddress(bytes: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) })
    }

    /// IPv6 as `inet_pton` reads it, an embedded dotted IPv4 tail included.
    public static func parseIPv6(_ text: String) -> IPAddress? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        var address = in6_addr()
        guard inet_pton(AF_INET6, text, &address) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: &address) { Array($0) }
        return IPAddress(bytes: bytes)
    }

    /// The IPv4 address an IPv6 one stands for: IPv4-mapped `::ffff:a.b.c.d`, IPv4-compatible
    /// `::a.b.c.d`, NAT64 `64:ff9b::a.b.c.d` and 6to4 `2002:AABB:CCDD::`.
    public var embeddedIPv4: IPAddress? {
        guard bytes.count == 16 else { return nil }
        let prefix = Array(bytes[0..<12])
        let tail = Array(bytes[12..<16])
        if prefix == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff] { return IPAddress(bytes: tail) }
        if prefix == [UInt8](repeating: 0, count: 12) { return IPAddress(bytes: tail) }
        if prefix == [0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0] { return IPAddress(bytes: tail) }
        if bytes[0] == 0x20, bytes[1] == 0x02 { return IPAddress(bytes: Array(bytes[2..<6])) }
        return nil
    }

    /// 127.0.0.0/8 and ::1, in any form (`::ffff:127.0.0.1` included).
    public var isLoopback: Bool {
        if bytes.count == 4 { return bytes[0] == 127 }
        if bytes[0..<15].allSatisfy({ $0 == 0 }), bytes[15] == 1 { return true }
        if let v4 = embeddedIPv4, bytes[0..<10].allSatisfy({ $0 == 0 }) { return v4.isLoopback }
        return false
    }

    /// Whether Tenki may connect here when private addresses are off: not loopback, private
    /// (RFC 1918, unique local), link-local, carrier-grade NAT, unspecified, multicast,
    /// broadcast, reserved or documentation ranges, nor an IPv6 form of one of those.
    public var isPublic: Bool {
        if let v4 = embeddedIPv4 { return v4.isPublic }
        if bytes.count == 4 { return Self.isPublicIPv4(bytes) }
        let b = bytes
        if b.allSatisfy({ $0 == 0 }) { return false }  // ::
        if b[0..<15].allSatisfy({ $0 == 0 }), b[15] == 1 { return false }  // ::1
        if b[0] == 0xff { return false }  // multicast
        if (b[0] & 0xfe) == 0xfc { return false }  // fc00::/7 unique local
        if b[0] == 0xfe, (b[1] & 0xc0) == 0x80 || (b[1] & 0xc0) == 0xc0 { return false }  // fe80::/10, fec0::/10
        if b[0] == 0x20, b[1] == 0x01, b[2] == 0x0d, b[3] == 0xb8 { return false }  // 2001:db8::/32 documentation
        if b[0] == 0x20, b[1] == 0x01, b[2] == 0, b[3] == 0 { return false }  // 2001::/32 Teredo (hides an IPv4)
        if b[0] == 0, b[1] == 0x64, b[2] == 0xff, b[3] == 0x9b { return false }  // 64:ff9b:1::/48 local NAT64
        if b[0] == 0x01, b[1] == 0, b[2..<8].allSatisfy({ $0 == 0 }) { return false }  // 100::/64 discard
        if b[0] == 0 { return false }  // ::/8 reserved (the rest of it)
        return true
    }

    private static func isPublicIPv4(_ v4: [UInt8]) -> Bool {
        switch (v4[0], v4[1], v4[2]) {
        case (0, _, _), (10, _, _), (127, _, _): false
        case (100, let b, _) where (64...127).contains(b): false
        case (169, 254, _), (192, 168, _): false
        case (172, let b, _) where (16...31).contains(b): false
        case (192, 0, 0), (192, 0, 2), (198, 51, 100), (203, 0, 113): false
        case (198, let b, _) where b == 18 || b == 19: false
        case (let a, _, _) where a >= 224: false  // multicast, reserved, broadcast
        default: true
        }
    }

    public var description: String {
        if bytes.count == 4 { return bytes.map(String.init).joined(separator: ".") }
        return stride(from: 0, to: 16, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
            .joined(separator: ":")
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
