import Foundation
import Testing
@testable import TenkiApp

/// `tenki demo` as CI runs it: a real process, from any directory, in well under 30 seconds.
@Suite("tenki demo")
struct DemoTests {
    @Test("the demo's compiled-in examples are the files in replay/")
    func demoExamplesMatchTheFolder() throws {
        for (name, json) in DemoExamples.files {
            let embedded = try ReplayFile.decode(Data(json.utf8))
            let onDisk = try ReplayFolderTests.load(name).contents.get()
            #expect(embedded == onDisk, "\(name): the copy in DemoExamples.swift differs from replay/\(name)")
        }
    }

    @Test("tenki demo exits 0 from any directory and shows weather, forecast, news, an error, a late answer, a digest, a Socket Mode answer and Block Kit Builder links")
    func demoShowsEverything() async throws {
        guard FileManager.default.isExecutableFile(atPath: ChildProcess.tenkiExecutable.path) else {
            Issue.record("tenki is not built beside the tests at \(ChildProcess.tenkiExecutable.path); run swift build first")
            return
        }
        // The limit only stops a hang: how long the demo takes is shown by .ci/run's demo step, which
        // runs it alone (about a second), not by a test sharing two cores with the other suites.
        let demo = try ChildProcess(["demo"], environment: [:], currentDirectory: FileManager.default.temporaryDirectory)
        let code = try await demo.waitForExit(limit: .seconds(180))
        #expect(code == 0, "\(demo.stdout)\(demo.stderr)")
        let out = demo.stdout
        for shown in [
            "Da Nang, VN", "東京", "the next days", "Top headlines", "ask an admin", "couldn't find",
            "Looking up Danang", "⇢ response_url delivery 1 [in_channel]", "HTTP 401",
            "Block Kit Builder: https://app.slack.com/block-kit-builder#%7B%22blocks%22", "0 of 13 failed", "/mattermost/commands", "/discord/interactions", "subscription report posted: yes", "Da Nang, VN: the next days", "Latest news",
            "Morning digest", "posted to the incoming-webhook sink", "digest posted: yes", "4 PNGs in ", "tokyo-hourly-ja.png",
            "acknowledged demo-socket-1 with the answer in its payload", "Socket Mode envelope acknowledged: yes",
        ] {
            #expect(out.contains(shown), "the demo does not show \(shown)")
        }
    }
}
