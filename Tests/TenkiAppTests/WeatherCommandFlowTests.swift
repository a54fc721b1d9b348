import Foundation
import Testing
@testable import TenkiApp
import TenkiCore
import TenkiFakes
import TenkiTestSupport

@Suite("/weather command flows")
struct WeatherCommandFlowTests {
    func render(_ message: SlackMessage) -> String { MessageTextRenderer.render(message) }

    @Test("forecast, either way round, lists the next days with high/low and chance of rain")
    func forecast() async throws {
        let harness = try AppHarness()
        for text in ["Danang forecast", "forecast Danang"] {
            let message = try await harness.message("/weather", text)
            let rendered = render(message)
            #expect(rendered.contains("Da Nang, VN: the next days"), "\(rendered)")
            #expect(rendered.contains("💧"))
            #expect(rendered.contains(" / "))
            #expect(message.responseType == .inChannel)
        }
        #expect(harness.fakes.openWeather.calls.contains { $0.path == "/data/2.5/forecast" })
    }

    @Test("units per command override the team's, in the request and the reply")
    func unitsPerCommand() async throws {
        let harness = try AppHarness()
        let message = try await harness.message("/weather", "Chicago °F")
        #expect(render(message).contains("°F"))
        #expect(harness.fakes.openWeather.calls.contains { $0.path == "/data/2.5/weather" && $0.query("units") == "imperial" })
    }

    @Test("set, bare, unset: the caller's saved place and units, then the team default, then help")
    func savedDefaults() async throws {
        let harness = try AppHarness(environment: ["TENKI_DEFAULT_CITY": "Tokyo"])
        let saved = try await harness.message("/weather", "set Danang")
        #expect(saved.responseType == .ephemeral)
        #expect(saved.text.contains("Da Nang, VN"))
        let units = try await harness.message("/weather", "set units imperial")
        #expect(units.text.contains("imperial"))
        let bare = try await harness.message("/weather", "")
        #expect(render(bare).contains("Da Nang, VN"))
        #expect(render(bare).contains("°F"))
        let someoneElse = try await harness.message("/weather", "", userID: "U0SOMEONE")
        #expect(render(someoneElse).contains("Tokyo, JP"))
        _ = try await harness.message("/weather", "unset")
        #expect(render(try await harness.message("/weather", "")).contains("Tokyo, JP"))
        let noDefault = try AppHarness()
        #expect(try await noDefault.message("/weather", "").text.contains("Tenki: weather"))
    }

    @Test("a place that geocoding does not know is not saved")
    func unknownPlaceNotSaved() async throws {
        let harness = try AppHarness()
        let reply = try await harness.message("/weather", "set Atlantis")
        #expect(reply.text.contains("Atlantis"))
        #expect(try await harness.message("/weather", "").text.contains("Tenki: weather"))
    }

    @Test("incomplete set and impossible coordinates get guidance, ephemeral")
    func guidance() async throws {
        let harness = try AppHarness()
        let incomplete = try await harness.message("/weather", "set units parsecs")
        #expect(incomplete.responseType == .ephemeral)
        #expect(incomplete.text.contains("set units imperial"))
        let impossible = try await harness.message("/weather", "95,200")
        #expect(impossible.responseType == .ephemeral)
        #expect(impossible.text.contains("95,200"))
        #expect(harness.fakes.openWeather.calls.isEmpty)
    }

    @Test("an ambiguous name answers for the best match and names the others")
    func ambiguous() async throws {
        let message = try await AppHarness().message("/weather", "London")
        #expect(render(message).contains("London, England, GB"))
    }

    @Test("TENKI_RESULT_VISIBILITY=ephemeral keeps results private")
    func visibility() async throws {
        let message = try await AppHarness(environment: ["TENKI_RESULT_VISIBILITY": "ephemeral"]).message("/weather", "Tokyo")
        #expect(message.responseType == .ephemeral)
    }
}
