import Foundation
import Testing
@testable import TenkiApp

/// With `--target`, a file that needs what only its own in-process listener has (its settings, a
/// scenario of the fakes, the run's Discord key) is skipped and said so, not failed; the summary
/// counts it apart. (`ServeRouteProcessTests` runs one against a real `serve`.)
@Suite("Replay against a target: files that need their own listener")
struct ReplayTargetSkipTests {
    static func file(_ name: String) throws -> ReplayFile {
        try ReplayFolderTests.load(name).contents.get()
    }

    @Test("settings, a scenario and the run's Discord key each need the file's own listener; a plain file does not")
    func reasons() throws {
        #expect(ReplayHarness.needsItsOwnListener(try Self.file("weather-place.json")) == nil)
        #expect(ReplayHarness.needsItsOwnListener(try Self.file("interaction-forecast-button.json")) == nil)
        let settings = try #require(ReplayHarness.needsItsOwnListener(try Self.file("weather-japanese.json")))
        #expect(settings.hasPrefix("it sets TENKI_LANG"), "\(settings)")
        let scenario = try #require(ReplayHarness.needsItsOwnListener(try Self.file("error-weather-rate-limited.json")))
        #expect(scenario == "it needs the fakes' \"rate-limited\" scenario")
        #expect(ReplayHarness.needsItsOwnListener(try Self.file("discord-ping.json")) == "it is signed with this run's own Discord key")
    }

    @Test("a run against a target in which every file was skipped checked nothing: exit 1, saying so")
    func everythingSkippedFails() async throws {
        guard TenkiRun.isBuilt() else { return }
        let file = ReplayFolderTests.folder.appendingPathComponent("weather-japanese.json").path
        let run = try await TenkiRun.run(["replay", file, "--target", "http://127.0.0.1:9"], [:])
        #expect(run.status == 1, "\(run)")
        #expect(run.stdout.contains("0 of 0 failed, 1 skipped"), "\(run)")
        #expect(run.stderr.contains("every file was skipped, so nothing was checked"), "\(run)")
    }

    @Test("against a target such a file is not sent: skipped with its reason, and counted apart in the summary")
    func skippedAndCounted() async throws {
        // Nothing listens here: a file that were sent would fail with a transport error.
        let target = try #require(URL(string: "http://127.0.0.1:9"))
        let harness = try await ReplayHarness.start(options: .init(target: target))
        let skipped = await harness.replay(try ReplayFolderTests.load("weather-japanese.json"))
        let sent = await harness.replay(try ReplayFolderTests.load("weather-place.json"))
        await harness.stop()
        #expect(skipped.skipped?.hasSuffix("which a running target does not have") == true)
        #expect(skipped.passed && skipped.observation == nil)
        #expect(ReplayTranscript.render(skipped).contains("– skipped: it sets TENKI_LANG"))
        #expect(!sent.passed, "the plain file was sent, and nothing answered")
        #expect(ReplayTranscript.summary([skipped, sent]) == "1 of 1 failed, 1 skipped")
        #expect(ReplayTranscript.summary([sent]) == "1 of 1 failed")
    }
}
