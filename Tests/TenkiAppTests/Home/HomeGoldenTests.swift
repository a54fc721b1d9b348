import Foundation
import TenkiCore
import TenkiTestSupport
import Testing

@testable import TenkiApp

/// Golden JSON of the Home tab (0, 1 and 10 subscriptions, one paused) and of the modals, in
/// English and Japanese, each within its surface's limits by the independent checker. Re-record
/// with `TENKI_RECORD_GOLDENS=1 swift test --filter HomeGoldenTests` (that run fails by design).
@Suite("Home tab and modal goldens")
struct HomeGoldenTests {
    static let directory = MessageGoldenTests.directory.appendingPathComponent("Home")

    static let cases: [String] = WeatherLanguage.allCases.flatMap { language in
        HomeSamples.views(language).map { "\($0.0).\(language.rawValue).json" }
    }

    static func view(for file: String) throws -> SlackView {
        let parts = file.split(separator: ".")
        let language = try #require(WeatherLanguage(rawValue: String(parts[1])))
        return try #require(HomeSamples.views(language).first { $0.0 == parts[0] }?.1)
    }

    @Test("each view matches its golden", arguments: cases)
    func matchesGolden(file: String) throws {
        let json = String(decoding: ViewEncoding.json(try Self.view(for: file), pretty: true), as: UTF8.self) + "\n"
        if let difference = GoldenFile.compare(json, name: file, directory: Self.directory) {
            Issue.record(Comment(rawValue: difference))
        }
    }

    @Test("every view golden is within its surface's limits, and none is left over")
    func goldensWithinLimits() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).filter { $0.hasSuffix(".json") }
        #expect(Set(files) == Set(Self.cases))
        for file in files {
            let violations = SlackLimitChecker.violations(
                inView: try Data(contentsOf: Self.directory.appendingPathComponent(file)))
            #expect(violations.isEmpty, "\(file): \(violations)")
        }
    }

    @Test("the compact JSON sent to Slack is the golden's, byte for byte once both are parsed", arguments: cases)
    func compactMatchesPretty(file: String) throws {
        let view = try Self.view(for: file)
        let compact = try JSONSerialization.jsonObject(with: Data(ViewEncoding.json(view))) as? NSDictionary
        let pretty = try JSONSerialization.jsonObject(with: Data(ViewEncoding.json(view, pretty: true))) as? NSDictionary
        #expect(compact == pretty)
    }

    @Test("Japanese views hold none of the English tables' words")
    func japaneseHasNoEnglish() throws {
        let english = [
            HomeStrings.english.yourSettings, HomeStrings.english.preferencesButton, HomeStrings.english.removeButton,
            ModalStrings.english.placeLabel, ModalStrings.english.subscribeTitle, ModalStrings.english.timeHint,
            ModalStrings.english.checking, HomeStrings.english.subscriptionsHeader,
        ]
        for (name, view) in HomeSamples.views(.ja) {
            let json = String(decoding: ViewEncoding.json(view), as: UTF8.self)
            for words in english { #expect(!json.contains(words.replacingOccurrences(of: "*", with: "")), "\(name): \(words)") }
        }
    }

    @Test("docs/home.md links each surface in Block Kit Builder exactly as it is built")
    func docsLinks() throws {
        let page = try String(
            contentsOf: ArchitectureDocTests.root.appendingPathComponent("docs/home.md"), encoding: .utf8)
        let views = HomeSamples.views(.en)
        for (name, stem) in [
            ("home", "home-1"), ("preferences", "modal-preferences"), ("subscribe", "modal-subscribe"),
            ("checking", "modal-checking"),
        ] {
            let view = try #require(views.first { $0.0 == stem }?.1)
            #expect(page.contains("[\(name)]: \(BlockKitBuilderLink.url(for: view))\n"), "docs/home.md's [\(name)] link is stale")
        }
    }
}
