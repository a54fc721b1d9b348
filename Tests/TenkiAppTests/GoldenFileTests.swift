import Foundation
import Testing
import TenkiTestSupport

/// Recording a golden must fail the test, so a leftover `TENKI_RECORD_GOLDENS=1` cannot pass CI.
@Suite("Golden files")
final class GoldenFileTests: Sendable {
    /// Each test's own folder, removed when the test is done.
    let scratch: ScratchDirectory
    var directory: URL { scratch.url }

    init() throws { scratch = try ScratchDirectory() }

    deinit { scratch.remove() }

    func write(_ text: String, name: String) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: directory.appendingPathComponent(name))
    }

    func read(_ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    @Test("a matching golden passes when not recording")
    func matchPasses() throws {
        try write("same\n", name: "a.json")
        #expect(GoldenFile.compare("same\n", name: "a.json", directory: directory, recording: false) == nil)
    }

    @Test("a different golden fails with the first differing line")
    func differenceFails() throws {
        try write("one\ntwo\n", name: "a.json")
        let failure = try #require(GoldenFile.compare("one\nthree\n", name: "a.json", directory: directory, recording: false))
        #expect(failure.contains("line 2"))
        #expect(try read("a.json") == "one\ntwo\n")
    }

    @Test("recording writes the file and fails, even when the golden already matches")
    func recordingFails() throws {
        try write("same\n", name: "a.json")
        let unchanged = try #require(GoldenFile.compare("same\n", name: "a.json", directory: directory, recording: true))
        #expect(unchanged.contains("TENKI_RECORD_GOLDENS"))
        let changed = try #require(GoldenFile.compare("new\n", name: "a.json", directory: directory, recording: true))
        #expect(changed.contains("recorded a.json"))
        #expect(try read("a.json") == "new\n")
    }

    @Test("a missing golden is written and the test fails; the next run passes")
    func missingIsRecordedAndFails() throws {
        let failure = try #require(GoldenFile.compare("fresh\n", name: "b.json", directory: directory, recording: false))
        #expect(failure.contains("no golden file"))
        #expect(try read("b.json") == "fresh\n")
        #expect(GoldenFile.compare("fresh\n", name: "b.json", directory: directory, recording: false) == nil)
    }
}
