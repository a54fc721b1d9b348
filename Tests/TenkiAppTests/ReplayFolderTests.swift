import Foundation
import Testing
@testable import TenkiApp
import TenkiCore

/// The checked-in `replay/` folder as transcript tests: one test per file, over real loopback
/// HTTP with the fake upstreams and the response_url sink, exactly as `tenki replay replay/` runs.
/// Serialized: thirty listeners at once would starve the other suites' timing on a 2-core machine.
@Suite("Replay files", .serialized)
struct ReplayFolderTests {
    /// `replay/` at the repository root, found from this file so any working directory works.
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("replay")
    static let names = ReplayCase.jsonFiles(under: folder.path).map { URL(fileURLWithPath: $0).lastPathComponent }

    static func load(_ name: String) throws -> ReplayCase {
        try #require(try ReplayCase.load([folder.appendingPathComponent(name).path]).first)
    }

    static func replay(_ replayCase: ReplayCase) async throws -> ReplayResult {
        let harness = try await ReplayHarness.start()
        let result = await harness.replay(replayCase)
        await harness.stop()
        return result
    }

    @Test("the replay file answers as it expects", arguments: names)
    func replays(_ name: String) async throws {
        let result = try await Self.replay(try Self.load(name))
        #expect(result.passed, "\(ReplayTranscript.render(result))")
    }

    @Test("every file asserts its status, its response type and a fragment of its own")
    func everyFileAssertsEnough() throws {
        #expect(Self.names.count >= 30)
        for name in Self.names {
            let file = try Self.load(name).contents.get()
            let expect = try #require(file.expect, "\(name) has no expect section")
            #expect(expect.status != nil, "\(name): no status")
            #expect(expect.responseType != nil, "\(name): no response_type")
            #expect(!(expect.contains ?? []).isEmpty || expect.body != nil, "\(name): no fragment")
        }
    }

    @Test("with links, a Slack answer gets a Block Kit Builder link; a Mattermost answer (Markdown, not Block Kit) none")
    func builderLinksOnlyForSlack() async throws {
        let slack = ReplayTranscript.render(try await Self.replay(try Self.load("weather-place.json")), links: true)
        #expect(slack.contains("Block Kit Builder: https://app.slack.com/block-kit-builder#"))
        let mattermost = ReplayTranscript.render(try await Self.replay(try Self.load("mattermost-weather.json")), links: true)
        #expect(mattermost.contains("Da Nang"), "\(mattermost)")
        #expect(!mattermost.contains("Block Kit Builder"), "\(mattermost)")
    }

    @Test("a wrong expected fragment fails, naming the file, the fragment and what came instead")
    func wrongFragmentFails() async throws {
        var replayCase = try Self.load("weather-place.json")
        var file = try replayCase.contents.get()
        file.expect?.contains = ["Da Nang, XX"]
        replayCase.contents = .success(file)
        let result = try await Self.replay(replayCase)
        #expect(!result.passed)
        let report = result.failureLines.joined(separator: "\n")
        #expect(report.contains("weather-place.json"))
        #expect(report.contains("expected the reply to contain \"Da Nang, XX\""))
        #expect(report.contains("Da Nang, VN"), "the excerpt shows the actual reply: \(report)")
    }

    @Test("a wrong status and missing late answer are reported as differences")
    func wrongStatusAndLateAnswer() async throws {
        var replayCase = try Self.load("weather-help.json")
        var file = try replayCase.contents.get()
        file.expect?.status = 404
        file.expect?.responseURL = Expectation.ResponseURLExpectation(contains: ["x"])
        replayCase.contents = .success(file)
        let result = try await ReplayHarness.start(options: .init(deliveryWait: .milliseconds(200))).replayAndStop(replayCase)
        #expect(result.differences.contains { $0.hasPrefix("expected status 404, got 200") })
        #expect(result.differences.contains("expected a delivery to response_url, none arrived"))
    }

    @Test("a misspelt key is an error naming it, not a test that checks nothing")
    func unknownKey() {
        let replayCase = ReplayCase(name: "typo.json", data: Data(#"{"request": {}, "expect": {"contians": ["x"]}}"#.utf8))
        guard case .failure(let error) = replayCase.contents else {
            Issue.record("a file with an unknown key was accepted")
            return
        }
        #expect(error.description.contains("expect.contians"))
    }
}

extension ReplayHarness {
    /// One replay on a harness of its own.
    func replayAndStop(_ replayCase: ReplayCase) async -> ReplayResult {
        let result = await replay(replayCase)
        await stop()
        return result
    }
}
