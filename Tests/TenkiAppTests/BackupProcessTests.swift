import Foundation
import Testing
@testable import TenkiApp
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiFakes
import TenkiTestSupport

/// `tenki backup` and `tenki outbox` as operators run them, against a running `tenki serve`.
@Suite("tenki backup against a running serve", .serialized)
struct BackupProcessTests {
    /// (ID, KIND, DESTINATION) of each row `tenki outbox` printed: what is owed, without the
    /// attempt count and timing, which move on while `serve` keeps retrying.
    static func owed(_ listing: String) -> Set<String> {
        Set(listing.split(separator: "\n").dropFirst().map { line in
            let cells = line.split(separator: "  ", omittingEmptySubsequences: true)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            return [cells[0], cells[2], cells[3]].joined(separator: " ")
        })
    }

    static func outbox(state: String) async throws -> (status: Int32, stdout: String, stderr: String) {
        let child = try ChildProcess(["outbox"], environment: ["TENKI_STATE": state])
        let status = try await child.waitForExit()
        return (status, child.stdout, child.stderr)
    }

    @Test("backed up while serve queues answers under load, restored fresh: outbox lists the same pending deliveries")
    func backupWhileServing() async throws {
        guard let upstream = try await DeliveryDurabilityTests.SlowUpstream() else { return }
        defer { upstream.remove() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tenki-backup-process-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var environment = upstream.environment
        environment["TENKI_RETRY_BASE_MS"] = "200"
        environment["TENKI_RETRY_CAP_MS"] = "1000"

        // Twenty commands at once miss the 100 ms budget and queue answers for a receiver that is
        // down, so they stay pending while serve keeps retrying them; backups run meanwhile.
        let (serve, port) = try await ServeProcessTests.startServe(environment)
        defer { serve.stop() }
        let endpoint = try #require(URL(string: "http://127.0.0.1:\(port)/slack/commands"))
        let signer = SlackSigning(secret: ServeProcessTests.secret)
        let transport = CurlTransport()
        let commands = Task {
            try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<20 {
                    group.addTask {
                        try await signer.send(
                            to: endpoint, transport: transport, text: "16.07,108.22",
                            responseURL: "http://127.0.0.1:9/hook/\(index)").status
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
        }
        let duringLoad = directory.appendingPathComponent("during-load.sqlite").path
        let backup = try ChildProcess(["backup", duringLoad], environment: ["TENKI_STATE": upstream.statePath])
        #expect(try await backup.waitForExit() == 0, "\(backup.stderr)")
        #expect(try await commands.value == Array(repeating: 200, count: 20))
        _ = try await serve.waitFor("twenty late answers queued") { _, log in
            log.components(separatedBy: "late answer queued").count - 1 == 20
        }
        #expect(try await Self.outbox(state: duringLoad).status == 0)

        // All queued, serve still running and retrying: back up, restore into a fresh state.
        let final = directory.appendingPathComponent("final.sqlite").path
        let second = try ChildProcess(["backup", final], environment: ["TENKI_STATE": upstream.statePath])
        #expect(try await second.waitForExit() == 0, "\(second.stderr)")
        #expect(second.stdout.contains("backed up"))
        let restored = directory.appendingPathComponent("restored/tenki.sqlite")
        try FileManager.default.createDirectory(at: restored.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: final, toPath: restored.path)

        let source = try await Self.outbox(state: upstream.statePath)
        let copy = try await Self.outbox(state: restored.path)
        #expect(source.status == 0 && copy.status == 0)
        #expect(copy.stdout.components(separatedBy: "late-answer").count - 1 == 20, "\(copy.stdout)")
        #expect(Self.owed(copy.stdout) == Self.owed(source.stdout))
        #expect(!copy.stdout.contains("/hook/"), "outbox never prints a URL")
    }

    @Test("outbox and backup refuse a state file that does not exist: exit 78 naming the path, nothing created")
    func missingStateFile() async throws {
        guard FileManager.default.isExecutableFile(atPath: ChildProcess.tenkiExecutable.path) else {
            Issue.record("tenki is not built beside the tests at \(ChildProcess.tenkiExecutable.path)")
            return
        }
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("tenki-missing-\(UUID())/tenki.sqlite").path
        let outbox = try await Self.outbox(state: missing)
        #expect(outbox.status == 78)
        #expect(outbox.stderr.contains(missing) && outbox.stderr.contains("TENKI_STATE"))
        let backup = try ChildProcess(["backup", missing + ".copy"], environment: ["TENKI_STATE": missing])
        #expect(try await backup.waitForExit() == 78)
        #expect(backup.stderr.contains(missing))
        #expect(!FileManager.default.fileExists(atPath: missing))
        #expect(!FileManager.default.fileExists(atPath: URL(fileURLWithPath: missing).deletingLastPathComponent().path))
    }
}
