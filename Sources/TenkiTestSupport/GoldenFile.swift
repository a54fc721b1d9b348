import Foundation

/// Golden (snapshot) files: the test renders something, and it must equal the checked-in file.
/// Run with `TENKI_RECORD_GOLDENS=1` to write the files instead, then review the diff in git.
///
/// Recording never passes: every comparison made while recording (or against a missing file, which
/// is then written) returns a failure that names the file written, as isowords' snapshot tests do.
/// A run left with `TENKI_RECORD_GOLDENS=1` therefore fails, in CI as anywhere else; the next run
/// without it compares against what was written.
public enum GoldenFile {
    public static var isRecording: Bool {
        ProcessInfo.processInfo.environment["TENKI_RECORD_GOLDENS"] == "1"
    }

    /// Compares `actual` with `directory/name`; returns a description of the difference, or nil only
    /// when they match and `recording` is off. While recording, or when the file is missing, writes
    /// `actual` to the file and returns a message saying so.
    public static func compare(
        _ actual: String, name: String, directory: URL, recording: Bool = GoldenFile.isRecording
    ) -> String? {
        let url = directory.appendingPathComponent(name)
        let expected = try? String(contentsOf: url, encoding: .utf8)
        if recording || expected == nil {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try Data(actual.utf8).write(to: url)
            } catch {
                return "could not record \(name): \(error)"
            }
            let why = recording ? "TENKI_RECORD_GOLDENS=1 is set" : "there was no golden file"
            return "recorded \(name) because \(why); review the diff and run the tests again without TENKI_RECORD_GOLDENS"
        }
        guard let expected, expected != actual else { return nil }
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, pair) in zip(expectedLines, actualLines).enumerated() where pair.0 != pair.1 {
            return "\(name) differs at line \(index + 1):\n  expected: \(pair.0)\n  actual:   \(pair.1)"
        }
        return "\(name) differs in length: expected \(expectedLines.count) lines, got \(actualLines.count)"
    }
}
