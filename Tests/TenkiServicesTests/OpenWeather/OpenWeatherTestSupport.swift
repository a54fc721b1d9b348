import Foundation
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging

/// Reads `Tests/Fixtures`, found from this file's path.
enum OpenWeatherFixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // OpenWeather
        .deletingLastPathComponent()  // TenkiServicesTests
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("Fixtures")

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    }
}


