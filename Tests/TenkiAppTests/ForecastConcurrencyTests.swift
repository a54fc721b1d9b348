import Foundation
import TenkiFakes
import Testing

@testable import TenkiApp

@Suite("/weather forecast asks for the forecast and the current weather together")
struct ForecastConcurrencyTests {
    @Test("the current-weather call is made while the forecast call is still unanswered")
    func concurrentCalls() async throws {
        let harness = try AppHarness()
        let gate = harness.fakes.openWeather.gate
        gate.close()
        defer { gate.open() }
        let answer = Task { try await harness.message("/weather", "forecast Tokyo") }
        await gate.waitUntilInFlight(atLeast: 1)
        gate.releaseHeld()  // the geocoding call; the next ones are held
        var bothAsked = false
        for _ in 0..<100_000 where !bothAsked {
            let paths = harness.fakes.openWeather.calls.map(\.path)
            bothAsked = paths.contains("/data/2.5/forecast") && paths.contains("/data/2.5/weather")
            if !bothAsked { await Task.yield() }
        }
        #expect(bothAsked, "both calls are made before either is answered")
        gate.open()
        let message = try await answer.value
        #expect(message.text.contains("東京") || message.text.contains("Tokyo"))
    }
}
