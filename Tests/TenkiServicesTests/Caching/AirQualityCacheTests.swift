import Foundation
import TenkiCore
import TenkiFakes
import TenkiTestSupport
import Testing


/// Air quality behind the same cache machinery as weather: 10 minutes fresh per point, shared
/// whatever the caller's units, stale when the upstream fails.
@Suite("WeatherService air quality cache")
struct AirQualityCacheTests {
    static let danang = Coordinates(latitude: 16.0678, longitude: 108.2208)
    static let path = "/data/2.5/air_pollution"

    @Test("one upstream call per point for 10 minutes, then a fresh one")
    func tenMinutes() async throws {
        let harness = try ServiceHarness()
        let first = try await harness.service.airQuality(at: Self.danang)
        #expect(first.value.index == .fair)
        // Within 1 km is the same question.
        _ = try await harness.service.airQuality(at: Coordinates(latitude: 16.0701, longitude: 108.2179))
        harness.clock.advance(by: 9 * 60 + 59)
        #expect(try await harness.service.airQuality(at: Self.danang).age == 599)
        #expect(harness.calls(to: Self.path) == 1)
        harness.clock.advance(by: 2)
        #expect(try await harness.service.airQuality(at: Self.danang).age == 0)
        #expect(harness.calls(to: Self.path) == 2)
        #expect(harness.lookups("air", "hit") == 2)
    }

    @Test("another point is another call")
    func perPoint() async throws {
        let harness = try ServiceHarness()
        _ = try await harness.service.airQuality(at: Self.danang)
        _ = try await harness.service.airQuality(at: Coordinates(latitude: 35.6895, longitude: 139.6917))
        #expect(harness.calls(to: Self.path) == 2)
    }

    @Test("with the upstream failing, the last answer is served stale with its age; without one, the typed error")
    func staleOnFailure() async throws {
        let harness = try ServiceHarness()
        _ = try await harness.service.airQuality(at: Self.danang)
        harness.fake.setFailure(.serviceUnavailable)
        harness.clock.advance(by: 30 * 60)
        let stale = try await harness.service.airQuality(at: Self.danang)
        #expect(stale.staleAge == TimeInterval(30 * 60))
        do {
            _ = try await harness.service.airQuality(at: Coordinates(latitude: 35.6895, longitude: 139.6917))
            Issue.record("a failing upstream with nothing cached gave an answer")
        } catch {
            #expect(error.kind == .upstream(status: 503))
            #expect(error.operation == .airPollution)
        }
    }
}
