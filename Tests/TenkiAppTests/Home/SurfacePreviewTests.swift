import Foundation
import TenkiCore
import TenkiTestSupport
import Testing

@testable import TenkiApp

/// `tenki preview --home USER` and `--modal preferences|subscribe`: the view from the settings and
/// what the user saved, its JSON, and a Block Kit Builder link that holds exactly that view.
@Suite("tenki preview --home and --modal", .serialized)
struct SurfacePreviewTests {
    static func settings(_ environment: [String: String]) throws -> Settings {
        try Settings.load(environment: environment) { _ in throw CocoaError(.fileNoSuchFile) }
    }

    @Test("the flags name a surface; anything else is a usage error naming the fix")
    func flags() throws {
        #expect(try PreviewCommand.surface(home: "U1", modal: nil, team: "T1") == .home(user: "U1", team: "T1"))
        #expect(try PreviewCommand.surface(home: nil, modal: "preferences", team: nil) == .preferences)
        #expect(try PreviewCommand.surface(home: nil, modal: "subscribe", team: nil) == .subscribe)
        for (home, modal) in [(nil, "weather"), ("U1", "subscribe"), ("", nil), ("--format", nil)] as [(String?, String?)] {
            #expect(throws: UsageError.self) { try PreviewCommand.surface(home: home, modal: modal, team: nil) }
        }
    }

    @Test("the Home tab follows the settings: language, the team's place and units, command names")
    func homeFromSettings() throws {
        let settings = try Self.settings(["TENKI_LANG": "ja", "TENKI_DEFAULT_CITY": "Sapporo", "TENKI_UNITS": "imperial"])
        let view = PreviewCommand.view(
            of: .home(user: "U0HOME", team: nil), preferences: HomeSamples.preferences,
            subscriptions: HomeSamples.subscriptions(3), settings: settings, now: HomeSamples.now)
        let json = String(decoding: ViewEncoding.json(view), as: UTF8.self)
        #expect(json.contains("チームの既定: Sapporo · 華氏（°F）"))
        #expect(json.contains("\"type\":\"home\""))
        #expect(SlackLimitChecker.violations(inView: Data(ViewEncoding.json(view))).isEmpty)
    }

    @Test(
        "the output is the JSON, then a builder link that opens this very view",
        arguments: [
            PreviewCommand.Surface.preferences, .subscribe, .home(user: "U1", team: nil),
        ])
    func link(surface: PreviewCommand.Surface) throws {
        let view = PreviewCommand.view(
            of: surface, preferences: HomeSamples.preferences, subscriptions: HomeSamples.subscriptions(1),
            settings: try Self.settings([:]), now: HomeSamples.now)
        let output = PreviewCommand.output(view, withLink: true)
        let parts = output.components(separatedBy: "\n\nBlock Kit Builder: ")
        #expect(parts.count == 2)
        let shown = try #require(try JSONSerialization.jsonObject(with: Data(parts[0].utf8)) as? NSDictionary)
        let url = try #require(parts.last)
        #expect(url.hasPrefix(BlockKitBuilderLink.base))
        let fragment = try #require(String(url.dropFirst(BlockKitBuilderLink.base.count)).removingPercentEncoding)
        let linked = try #require(try JSONSerialization.jsonObject(with: Data(fragment.utf8)) as? NSDictionary)
        #expect(linked == shown)
        #expect(PreviewCommand.output(view, withLink: false) == parts[0])
    }

    @Test("the binary prints each surface, exits 0 and writes no state")
    func process() async throws {
        guard FileManager.default.isExecutableFile(atPath: ChildProcess.tenkiExecutable.path) else {
            Issue.record("tenki is not built beside the tests at \(ChildProcess.tenkiExecutable.path)")
            return
        }
        let statePath = FileManager.default.temporaryDirectory.appendingPathComponent("tenki-surface-\(UUID()).sqlite").path
        let environment = ["TENKI_STATE": statePath]
        for arguments in [["--modal", "subscribe"], ["--modal", "preferences"], ["--home", "U0HOME"]] {
            let linked = try ChildProcess(["preview"] + arguments, environment: environment)
            #expect(try await linked.waitForExit() == 0, "\(arguments): \(linked.stderr)")
            #expect(linked.stdout.contains("Block Kit Builder: https://app.slack.com/block-kit-builder#"))
            let json = try ChildProcess(["preview"] + arguments + ["--format", "json"], environment: environment)
            #expect(try await json.waitForExit() == 0)
            #expect(SlackLimitChecker.violations(inView: Data(json.stdout.utf8)).isEmpty, "\(arguments)")
        }
        let wrong = try ChildProcess(["preview", "--modal", "weather"], environment: environment)
        #expect(try await wrong.waitForExit() == 64)
        #expect(wrong.stderr.contains("--modal is preferences or subscribe"))
        #expect(!FileManager.default.fileExists(atPath: statePath), "preview wrote the state file")
    }
}
