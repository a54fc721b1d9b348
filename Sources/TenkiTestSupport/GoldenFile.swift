import Foundation

/// Golden (snapshot) files: the test renders something, and it must equal the checked-in file.
/// Run with `TENKI_RECORD_GOLDENS=1` to write the files instead, then review the diff in git.
public enum GoldenFile {
    public static var isRecording: Bool {
        ProcessInfo.processInfo.environment["TENKI_RECORD_GOLDENS"] == "1"
    }

    /// Compares `actual` with `directory/name`; returns a description of the difference, or nil
    /// when they match (or when recording, after writing the file).
    public static func compare(_ actual: String, name: String, directory: URL) -> String? {
        let url = directory.appendingPathComponent(name)
        if isRecording {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try Data(actual.utf8).write(to: url)
                return nil
            } catch {
                return "could not record \(name): \(error)"
            }
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            return "missing golden \(name); run the tests with TENKI_RECORD_GOLDENS=1 to create it"
        }
        guard expected != actual else { return nil }
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, pair) in zip(expectedLines, actualLines).enumerated() where pair.0 != pair.1 {
            return "\(name) differs at line \(index + 1):\n  expected: \(pair.0)\n  actual:   \(pair.1)"
        }
        return "\(name) differs in length: expected \(expectedLines.count) lines, got \(actualLines.count)"
    }
}
