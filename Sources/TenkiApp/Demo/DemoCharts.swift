import Foundation
import TenkiFakes
import TenkiLogging

/// The demo's charts: the hourly and 5-day answers of a few sample places drawn as `tenki preview
/// --chart` draws them (charts on for the occasion, the fakes' data), written into a new folder
/// under the temporary directory, whose path the demo prints.
enum DemoCharts {
    static let answers: [(file: String, text: String, environment: [String: String])] = [
        ("danang-forecast-metric-en.png", "Danang forecast", [:]),
        ("danang-hourly-metric-en.png", "Danang hourly", [:]),
        ("tokyo-hourly-ja.png", "Tokyo hourly", SettingsTable.environment([\.language: "ja"])),
        ("chicago-forecast-imperial.png", "Chicago forecast", SettingsTable.environment([\.units: "imperial"])),
    ]

    /// The folder and the files written into it, or what went wrong.
    static func write(logger: Logger) async -> Result<(folder: URL, files: [String]), any Error> {
        do {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "tenki-demo-charts-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let key = FakeOpenWeatherMap.defaultAPIKey
            let dependencies = ServerDependencies(transport: HandlerTransport(FakeUpstreams()), logger: logger)
            var files: [String] = []
            for answer in answers {
                let environment = SettingsTable.environment([\.openWeatherAPIKey: key, \.openWeatherBaseURL: "http://fakes.test"])
                    .merging(answer.environment) { $1 }
                let settings = PreviewCommand.withCharts(try Settings.load(environment: environment))
                let message = try await PreviewCommand.message(
                    command: settings.commandNames.weather, text: answer.text, settings: settings, dependencies: dependencies)
                try PreviewCommand.writeChart(
                    of: message, settings: settings, to: folder.appendingPathComponent(answer.file).path)
                files.append(answer.file)
            }
            return .success((folder, files))
        } catch {
            return .failure(error)
        }
    }

    /// The demo's lines about them.
    static func transcript(_ result: Result<(folder: URL, files: [String]), any Error>) -> String {
        switch result {
        case .success(let written):
            "Charts (shown with \(SettingsTable.name(\.publicURL)) set; see docs/charts.md): "
                + "\(written.files.count) PNGs in \(written.folder.path)\n"
                + written.files.map { "  \($0)" }.joined(separator: "\n") + "\n"
        case .failure(let error):
            "Charts: could not be written (\(error))\n"
        }
    }
}
