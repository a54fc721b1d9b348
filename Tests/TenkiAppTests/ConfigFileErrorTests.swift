import Testing
@testable import TenkiApp

/// An invalid value that came from the `TENKI_CONFIG` file is named as being there, so the
/// operator does not search the environment for it; one from the environment is named plainly.
@Suite("Errors about values in TENKI_CONFIG")
struct ConfigFileErrorTests {
    @Test("the error names the file when the value came from it, and not when the environment set it")
    func namesWhereTheValueIs() {
        let config = #"{"TENKI_UNITS": "kelvin"}"#
        do {
            _ = try Settings.load(environment: ["TENKI_CONFIG": "/c.json"], readFile: { _ in config })
            Issue.record("kelvin was accepted")
        } catch {
            #expect(error.description.hasPrefix("configuration error: TENKI_UNITS (in TENKI_CONFIG) has an unknown value"))
        }
        do {
            _ = try Settings.load(environment: ["TENKI_CONFIG": "/c.json", "TENKI_UNITS": "rankine"], readFile: { _ in config })
            Issue.record("rankine was accepted")
        } catch {
            #expect(error.description.hasPrefix("configuration error: TENKI_UNITS has an unknown value (got \"rankine\")"))
        }
    }
}
