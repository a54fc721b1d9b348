import Foundation
import TenkiFakes
import Testing

/// Socket Mode across a `disconnect` and across a `kill -9`, with real processes: no envelope is
/// lost or answered twice.
@Suite("Socket Mode reconnects and restarts", .serialized)
struct SocketModeRestartProcessTests {
    @Test(
        "a disconnect (refresh_requested) amid 100 envelopes: each acknowledged once, the new connection open before the old closes"
    )
    func disconnectAmidEnvelopes() async throws {
        guard TenkiRun.isBuilt() else { return }
        let (fakes, serve, scratch) = try await SocketModeProcessTests.start()
        defer { serve.stop(); fakes.stop(); scratch.remove() }
        try await fakes.command("Danang", id: "warm")
        _ = try await TenkiRun.until { try await !fakes.acknowledgements(of: "warm").isEmpty }

        try await fakes.command("Danang", id: "before", count: 50)
        try await fakes.control("POST", "disconnect", ["reason": "refresh_requested"])
        try await fakes.command("Danang", id: "after", count: 50)
        let expected = Set((1...50).flatMap { ["before-\($0)", "after-\($0)"] })
        var acknowledged: [String] = []
        let all = try await TenkiRun.until {
            acknowledged = try await fakes.acknowledgements.compactMap { $0["envelope_id"] as? String }.filter {
                expected.contains($0)
            }
            return Set(acknowledged) == expected
        }
        if !all {
            let missing = expected.subtracting(acknowledged)
            let sent = try await fakes.control("GET", "envelopes")["envelopes"] as? [[String: Any]] ?? []
            let unacknowledged = sent.filter { missing.contains($0["envelope_id"] as? String ?? "") }
            Issue.record("never acknowledged: \(unacknowledged); connections: \(try await fakes.connections); log:\n\(serve.stderr)")
        }
        #expect(Set(acknowledged) == expected)
        #expect(acknowledged.count == Set(acknowledged).count, "\(acknowledged.count - Set(acknowledged).count) acknowledged twice")
        var connections: [[String: Any]] = []
        let replaced = try await TenkiRun.until {
            connections = try await fakes.connections
            return connections.count >= 2 && connections[0]["open"] as? Bool == false
        }
        #expect(replaced, "the told connection never closed: \(connections)")
        let old = try #require(connections.first), new = try #require(connections.dropFirst().first)
        #expect(old["disconnect_reason"] as? String == "refresh_requested")
        let opened = try #require(new["opened_order"] as? Int), closed = try #require(old["closed_order"] as? Int)
        #expect(opened < closed, "the replacement opened before the old connection closed: \(connections)")
        #expect(old["closed_by"] as? String == "client", "Tenki closed the old connection itself")
    }

    @Test("kill -9 with acknowledged slow commands: the next process answers each one once")
    func killedWithAcknowledgedCommands() async throws {
        guard TenkiRun.isBuilt() else { return }
        // Every upstream answer takes 15 s: the commands are acknowledged with placeholders long
        // before their answers exist, and the kill comes first however loaded the machine is.
        let fakes = try await SocketModeFakesProcess.start(["--latency-ms", "15000"])
        defer { fakes.stop() }
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        var environment = fakes.environment
        environment["TENKI_STATE"] = scratch.path("tenki.sqlite")
        environment["TENKI_UPSTREAM_TIMEOUT_MS"] = "60000"
        let (doomed, _) = try await ServeProcessTests.startServe(environment)
        defer { doomed.stop() }
        #expect(try await fakes.waitForConnection(), "no connection; log:\n\(doomed.stderr)")
        let places = ["Danang", "Tokyo", "London"]
        for (index, place) in places.enumerated() { try await fakes.command(place, id: "kill-\(index)") }
        let acknowledged = try await TenkiRun.until {
            try await fakes.acknowledgements.filter { ($0["envelope_id"] as? String)?.hasPrefix("kill-") == true }.count == 3
        }
        #expect(acknowledged, "not all acknowledged; log:\n\(doomed.stderr)")
        doomed.signal(SIGKILL)
        #expect(try await doomed.waitForExit() == 128 + SIGKILL)
        for index in places.indices { #expect(try await fakes.posts(to: "kill-\(index)").isEmpty, "answered before the kill") }

        let (next, _) = try await ServeProcessTests.startServe(environment)
        defer { next.stop() }
        let answered = try await TenkiRun.until(limit: .seconds(180)) {
            for index in places.indices where try await fakes.posts(to: "kill-\(index)").isEmpty { return false }
            return true
        }
        #expect(answered, "not every command answered; log:\n\(next.stderr)")
        var listing = ""
        let settled = try await TenkiRun.until {
            listing = try await TenkiRun.run(["outbox"], ["TENKI_STATE": scratch.path("tenki.sqlite")]).stdout
            return listing.contains("the outbox is empty") && !listing.contains("acknowledged with a placeholder")
        }
        #expect(settled, "outbox: \(listing)")
        for (index, place) in places.enumerated() {
            let posts = try await fakes.posts(to: "kill-\(index)")
            #expect(posts.count == 1, "kill-\(index) answered \(posts.count) times")
            #expect(posts.first?.contains(place == "Danang" ? "Da Nang" : place) == true, "\(posts)")
        }
    }
}
