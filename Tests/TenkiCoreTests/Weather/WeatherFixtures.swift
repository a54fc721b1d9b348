import Foundation

/// Reads the captured responses in `Tests/Fixtures`, found from this file's own path so that
/// tests run from any working directory.
enum WeatherFixtures {
    static let directory = Fixtures.directory

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }

    static func text(_ name: String) throws -> String {
        String(decoding: try data(name), as: UTF8.self)
    }

    static func decode<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
        try JSONDecoder().decode(type, from: data(name))
    }

    /// File names in the fixtures folder that start with `prefix`, sorted.
    static func names(withPrefix prefix: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(prefix) }.sorted()
    }
}
