import Foundation

/// The sample corpus copied into `Tests/Fixtures` (the product's clone has no `../shared`),
/// found from this file's own path so tests run from any working directory.
public enum Fixtures {
    public static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // TenkiTestSupport
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()
        .appendingPathComponent("Tests/Fixtures", isDirectory: true)

    public static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    public static func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }
}
