import Foundation
import TenkiHTTPServer
import Testing

@testable import TenkiApp

@Suite("Listener settings reach the listener")
struct ListenerSettingsTests {
    func configuration(_ environment: [String: String]) throws(ConfigurationError) -> HTTPServer.Configuration {
        let settings = try Settings.load(environment: environment) { _ in throw CocoaError(.fileNoSuchFile) }
        return TenkiServer.listenerConfiguration(settings, host: "127.0.0.1", port: 0)
    }

    @Test("polling before sleeping: 50 µs by default, the setting's microseconds, 0 turns it off")
    func pollBeforeSleeping() throws {
        #expect(try configuration([:]).pollBeforeSleeping == .microseconds(50))
        #expect(try configuration(["TENKI_POLL_BEFORE_SLEEP_US": "120"]).pollBeforeSleeping == .microseconds(120))
        #expect(try configuration(["TENKI_POLL_BEFORE_SLEEP_US": "0"]).pollBeforeSleeping == .zero)
    }

    @Test("a poll longer than a millisecond is refused, naming the setting")
    func pollBeforeSleepingBound() {
        #expect {
            _ = try configuration(["TENKI_POLL_BEFORE_SLEEP_US": "1001"])
        } throws: { error in
            (error as? ConfigurationError)?.setting == "TENKI_POLL_BEFORE_SLEEP_US"
        }
    }

    @Test("limits and timeouts are the settings'")
    func limits() throws {
        let listener = try configuration([
            "TENKI_MAX_HEADER_BYTES": "2048", "TENKI_MAX_CONNECTIONS": "7", "TENKI_IDLE_TIMEOUT_MS": "1500",
        ])
        #expect(listener.maxHeaderBytes == 2048)
        #expect(listener.maxConnections == 7)
        #expect(listener.idleTimeout == .milliseconds(1500))
    }
}
