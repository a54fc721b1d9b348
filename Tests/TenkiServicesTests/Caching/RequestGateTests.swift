import Foundation
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiFakes
import TenkiTestSupport
import Testing

@Suite("The fake's RequestGate")
struct RequestGateTests {
    let fake = FakeOpenWeatherMap(apiKey: "gate-key")

    func request(_ path: String) -> HTTPRequest {
        HTTPRequest(method: "GET", target: path + "?q=Tokyo&appid=gate-key", headers: [:], body: [], remoteAddress: "test")
    }

    @Test("a closed gate holds requests, counts them in flight, and releaseHeld lets only those through")
    func holdsAndReleases() async {
        let gate = fake.gate
        gate.close()
        defer { gate.open() }
        let fake = fake
        let first = (0..<3).map { _ in Task { await fake.handle(request("/geo/1.0/direct")).status.code } }
        await gate.waitUntilInFlight(atLeast: 3)
        #expect(gate.inFlight == 3)
        gate.releaseHeld()
        for task in first { #expect(await task.value == 200) }
        #expect(gate.inFlight == 0)

        let later = Task { await fake.handle(request("/geo/1.0/direct")).status.code }
        await gate.waitUntilInFlight(atLeast: 1)
        #expect(gate.inFlight == 1)  // still held: the gate stayed closed
        gate.open()
        #expect(await later.value == 200)
        #expect(gate.maxInFlight == 3)
        #expect(fake.calls.count == 4)
    }
}
