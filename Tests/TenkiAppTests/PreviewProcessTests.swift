import Foundation
import Testing
@testable import TenkiApp
import TenkiCore
import TenkiFakes
import TenkiTestSupport

/// `tenki preview` with the real binary against `tenki fakes`: every command variant renders,
/// exits 0, and nothing is written (not even by `/weather set`).
@Suite("tenki preview", .serialized)
struct PreviewProcessTests {
    static let variants = [
        "/weather Danang", "/weather Da Nang, VN", "/weather Đà Nẵng", "/weather 東京", "/weather New York",
        "/weather 16.05,108.22", "/weather Danang forecast", "/weather forecast Danang", "/weather Chicago °F",
        "/weather Danang hourly", "/weather 東京 毎時", "/weather Danang air", "/weather Seattle 大気",
        "/weather set Danang", "/weather set units imperial", "/weather unset", "/weather", "/weather help",
        "/news", "/news ベトナム", "/news tech", "/news help", "/unknown thing",
    ]

    @Test("every variant renders as Block Kit JSON and as text, and writes nothing")
    func variants() async throws {
        guard FileManager.default.isExecutableFile(atPath: ChildProcess.tenkiExecutable.path) else {
            Issue.record("tenki is not built beside the tests at \(ChildProcess.tenkiExecutable.path)")
            return
        }
        let (fakes, upstream) = try await ServeProcessTests.startFakes(scenario: "normal")
        defer { fakes.stop() }
        let statePath = FileManager.default.temporaryDirectory.appendingPathComponent("tenki-preview-\(UUID()).sqlite").path
        var environment = upstream
        environment["TENKI_STATE"] = statePath
        for variant in Self.variants {
            let json = try ChildProcess(["preview", variant], environment: environment)
            #expect(try await json.waitForExit() == 0, "\(variant): \(json.stderr)")
            let message = try JSONDecoder().decode(SlackMessage.self, from: Data(json.stdout.utf8))
            #expect(!message.text.isEmpty, "\(variant)")
            #expect(SlackLimitChecker.violations(in: Data(json.stdout.utf8)).isEmpty, "\(variant)")

            let text = try ChildProcess(["preview", variant, "--format", "text"], environment: environment)
            #expect(try await text.waitForExit() == 0)
            #expect(!text.stdout.isEmpty && !text.stdout.contains("\"blocks\""), "\(variant): \(text.stdout)")
        }
        #expect(!FileManager.default.fileExists(atPath: statePath), "preview wrote the state file")
    }

    @Test("the terminal rendering is readable: header, fields side by side, links as title (url)")
    func textRendering() async throws {
        guard FileManager.default.isExecutableFile(atPath: ChildProcess.tenkiExecutable.path) else {
            Issue.record("tenki is not built beside the tests")
            return
        }
        let (fakes, upstream) = try await ServeProcessTests.startFakes(scenario: "normal")
        defer { fakes.stop() }
        let weather = try ChildProcess(["preview", "/weather Tokyo", "--format", "text"], environment: upstream)
        #expect(try await weather.waitForExit() == 0)
        #expect(weather.stdout.contains("Tokyo, JP\n"))
        #expect(weather.stdout.contains("Humidity"))
        let news = try ChildProcess(["preview", "/news", "--format", "text"], environment: upstream)
        #expect(try await news.waitForExit() == 0)
        #expect(news.stdout.contains(" (https://"))
    }

    @Test("--user previews as that user; --user without an id, or an unknown option, is a usage error (64)")
    func userOption() async throws {
        guard FileManager.default.isExecutableFile(atPath: ChildProcess.tenkiExecutable.path) else {
            Issue.record("tenki is not built beside the tests")
            return
        }
        let (fakes, upstream) = try await ServeProcessTests.startFakes(scenario: "normal")
        defer { fakes.stop() }
        let asUser = try ChildProcess(["preview", "/weather Danang", "--user", "U0PREVIEW2"], environment: upstream)
        #expect(try await asUser.waitForExit() == 0, "\(asUser.stderr)")
        #expect(asUser.stdout.contains("Da Nang"))
        let missing = try ChildProcess(["preview", "/weather Danang", "--user"], environment: upstream)
        #expect(try await missing.waitForExit() == 64)
        #expect(missing.stderr.contains("user"))
        let unknown = try ChildProcess(["preview", "/weather Danang", "--usr", "U1"], environment: upstream)
        #expect(try await unknown.waitForExit() == 64)
    }
}
