import Foundation
import TenkiCharts
import Testing

@testable import TenkiApp

@Suite("chart URLs")
struct ChartLinksTests {
    static let links = ChartLinks(publicURL: "https://tenki.example.com", secrets: ["chart-secret"])
    static let meteogram = Meteogram(
        samples: (0..<40).map { Meteogram.Sample(time: 1_796_342_400 + Int64($0) * 10_800, temperature: -12.5 + Double($0), chanceOfRain: 0.25) },
        unit: .celsius, language: .en, utcOffsetSeconds: 7 * 3600)

    static func query(of url: String) -> Substring {
        url[url.index(after: url.firstIndex(of: "?")!)...]
    }

    @Test("a signed URL is under Slack's 3,000 characters and draws the meteogram it was made from")
    func signedRoundTrip() throws {
        let url = try #require(Self.links.url(for: Self.meteogram, name: "forecast"))
        #expect(url.hasPrefix("https://tenki.example.com/charts/forecast.png?v=1&"))
        #expect(url.utf8.count <= 3_000)
        #expect(Self.links.meteogram(fromQuery: Self.query(of: url)) == Self.meteogram)
    }

    @Test("an unsigned, altered or re-signed URL is refused")
    func tampered() throws {
        let url = try #require(Self.links.url(for: Self.meteogram, name: "forecast"))
        let query = Self.query(of: url)
        let unsigned = query[..<query.range(of: "&sig=")!.lowerBound]
        #expect(Self.links.meteogram(fromQuery: unsigned) == nil)
        #expect(Self.links.meteogram(fromQuery: Substring(query.replacingOccurrences(of: "d=-125_25", with: "d=-124_25"))) == nil)
        let lastDigit = query.last == "0" ? "1" : "0"
        #expect(Self.links.meteogram(fromQuery: query.dropLast() + lastDigit) == nil)
        let otherSecret = ChartLinks(publicURL: "https://tenki.example.com", secrets: ["another-secret"])
        #expect(otherSecret.meteogram(fromQuery: query) == nil)
    }

    @Test("while the signing secret rotates, URLs signed under either secret draw")
    func rotation() throws {
        let old = try #require(ChartLinks(publicURL: "https://t.example", secrets: ["old"]).url(for: Self.meteogram, name: "hourly"))
        let rotating = ChartLinks(publicURL: "https://t.example", secrets: ["new", "old"])
        #expect(rotating.meteogram(fromQuery: Self.query(of: old)) == Self.meteogram)
    }

    @Test("TENKI_PUBLIC_URL: https, or http only for a loopback host; a trailing slash is dropped")
    func publicURLSetting() throws {
        func load(_ value: String) throws -> String? {
            try Settings.load(environment: ["TENKI_PUBLIC_URL": value]).publicURL
        }
        #expect(try load("https://tenki.example.com/") == "https://tenki.example.com")
        #expect(try load("http://127.0.0.1:8080") == "http://127.0.0.1:8080")
        #expect(throws: ConfigurationError.self) { try load("http://tenki.example.com") }
        #expect(throws: ConfigurationError.self) { try load("ftp://tenki.example.com") }
        #expect(try Settings.load(environment: [:]).publicURL == nil)
    }
}
