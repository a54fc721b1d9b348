import TenkiCharts
import TenkiCore
import TenkiSecurity

/// Signed chart URLs: `{TENKI_PUBLIC_URL}/charts/NAME.png?QUERY&sig=HEX`, where QUERY is a
/// `ChartQuery` (everything needed to draw) and HEX the HMAC-SHA256 of QUERY under a key derived
/// from the signing secret. Any replica with the same secret draws the same chart, after a
/// restart too; URLs never expire. Pure: no clock, no I/O.
struct ChartLinks: Sendable {
    static let keyLabel = "tenki-charts-v1"
    /// Slack's limit for an `image_url`.
    static let maximumURLLength = 3_000
    static let pathPrefix = "/charts/"

    /// Without a trailing slash.
    let publicURL: String
    /// The first signs; all are accepted (two while the signing secret rotates).
    let keys: [[UInt8]]

    init(publicURL: String, secrets: [String]) {
        self.publicURL = publicURL
        keys = secrets.map { HMACSHA256.authenticationCode(key: Array($0.utf8), message: Array(Self.keyLabel.utf8)) }
    }

    /// Charts are on with `TENKI_PUBLIC_URL` and a signing secret to sign with.
    init?(settings: Settings) {
        guard let publicURL = settings.publicURL, !settings.signingSecrets.isEmpty else { return nil }
        self.init(publicURL: publicURL, secrets: settings.signingSecrets)
    }

    /// The URL of `meteogram`'s chart named `name` (`hourly`, `forecast`: only for people reading
    /// it); nil when it would pass Slack's limit.
    func url(for meteogram: Meteogram, name: String) -> String? {
        let query = ChartQuery.encode(meteogram)
        let url = "\(publicURL)\(Self.pathPrefix)\(name).png?\(query)&sig=\(Self.hex(signature(of: query, key: keys[0])))"
        return url.utf8.count <= Self.maximumURLLength ? url : nil
    }

    /// The meteogram of a request's query when its signature is one of ours and it decodes; nil
    /// for an unsigned, altered or undrawable one.
    func meteogram(fromQuery query: Substring) -> Meteogram? {
        guard query.utf8.count <= Self.maximumURLLength, let marker = query.range(of: "&sig=") else { return nil }
        let signed = query[..<marker.lowerBound], given = query[marker.upperBound...]
        guard given.utf8.count == 64, let signatureBytes = Self.bytes(fromHex: given) else { return nil }
        guard keys.contains(where: { HMACSHA256.constantTimeEquals(signature(of: signed, key: $0), signatureBytes) }) else {
            return nil
        }
        return try? ChartQuery.decode(signed)
    }

    private func signature(of query: some StringProtocol, key: [UInt8]) -> [UInt8] {
        HMACSHA256.authenticationCode(key: key, message: Array(query.utf8))
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes { out += [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]] }
        return String(decoding: out, as: UTF8.self)
    }

    static func bytes(fromHex text: Substring) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var out: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else { return nil }
            out.append(high << 4 | low)
        }
        return out
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
