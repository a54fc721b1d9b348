import Foundation
import Testing
import TenkiBase

/// The entries are built here rather than set with `setenv`: tests run in parallel in one process,
/// and changing the environment while another thread reads it is a race.
@Suite("ProcessEnvironment: the environment read as bytes")
struct ProcessEnvironmentTests {
    @Test("the process's variables are the ones Foundation reads, and getenv's")
    func matchesFoundation() throws {
        let variables = ProcessEnvironment.variables()
        #expect(variables == ProcessInfo.processInfo.environment)
        let path = try #require(variables["PATH"])
        #expect(ProcessEnvironment.value("PATH") == path)
        #expect(ProcessEnvironment.value("TENKI_PROCESS_ENVIRONMENT_NEVER_SET") == nil)
    }

    @Test("each entry splits at its first =; the first of two names wins; an entry without = is skipped")
    func entries() {
        let variables = Self.variables(["A=b==c 東京 ", "EMPTY=", "A=second", "NO_EQUALS", "=unnamed"].map { Array($0.utf8) })
        #expect(variables == ["A": "b==c 東京 ", "EMPTY": "", "": "unnamed"])
    }

    @Test("bytes that are not UTF-8 are repaired, as Foundation does")
    func invalidUTF8() {
        #expect(Self.variables([Array("BAD=a".utf8) + [0xFF] + Array("b".utf8)])["BAD"] == "a\u{FFFD}b")
    }

    /// `ProcessEnvironment.variables(in:)` over `entries`, each made a C string.
    private static func variables(_ entries: [[UInt8]]) -> [String: String] {
        var pointers: [UnsafeMutablePointer<CChar>?] = entries.map { bytes in
            let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
            copy[bytes.count] = 0
            return copy
        } + [nil]
        defer { pointers.forEach { $0?.deallocate() } }
        return pointers.withUnsafeMutableBufferPointer { ProcessEnvironment.variables(in: $0.baseAddress!) }
    }
}
