import Foundation
import Testing
import TenkiBase

@Suite("ProcessEnvironment: the environment read as bytes")
struct ProcessEnvironmentTests {
    @Test("the same variables and values as Foundation reads")
    func matchesFoundation() {
        #expect(ProcessEnvironment.variables() == ProcessInfo.processInfo.environment)
    }

    @Test("a value is split at the first =, keeps the rest, and keeps non-ASCII text")
    func valueAfterFirstEquals() {
        let name = "TENKI_PROCESS_ENVIRONMENT_TEST_\(getpid())"
        setenv(name, "a=b==c 東京 ", 1)
        defer { unsetenv(name) }
        #expect(ProcessEnvironment.variables()[name] == "a=b==c 東京 ")
        #expect(ProcessEnvironment.value(name) == "a=b==c 東京 ")
    }

    @Test("an empty value is set and empty; an unset name is absent")
    func emptyAndUnset() {
        let name = "TENKI_PROCESS_ENVIRONMENT_EMPTY_\(getpid())"
        setenv(name, "", 1)
        defer { unsetenv(name) }
        #expect(ProcessEnvironment.variables()[name] == "")
        #expect(ProcessEnvironment.value(name) == "")
        #expect(ProcessEnvironment.variables()[name + "_UNSET"] == nil)
        #expect(ProcessEnvironment.value(name + "_UNSET") == nil)
    }
}
