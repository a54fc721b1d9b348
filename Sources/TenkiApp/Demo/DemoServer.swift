import Foundation
import TenkiLogging

extension ReplayHarness {
    /// A server of its own for one demo step: a new state file under the harness's directory, the fake
    /// OpenWeatherMap behind the harness's transport and clock, and the step's `extra` settings (its
    /// Slack token, digest, language). Returns the settings too, for steps that read them.
    func demoServer(
        step: String, logger: Logger, _ extra: [PartialKeyPath<SettingsTable>: String]
    ) throws -> (settings: Settings, server: TenkiServer) {
        let directory = stateDirectory.appendingPathComponent("\(step)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let base: [PartialKeyPath<SettingsTable>: String] = [
            \.openWeatherBaseURL: upstreamOrigin, \.openWeatherAPIKey: Self.apiKey,
            \.statePath: directory.appendingPathComponent("tenki.sqlite").path,
        ]
        let settings = try Settings.load(environment: SettingsTable.environment(base.merging(extra) { _, step in step }))
        let server = try TenkiServer.build(
            settings: settings,
            dependencies: ServerDependencies(
                transport: transport, clock: clock, logger: logger, state: .settings, verification: .skipped))
        return (settings, server)
    }
}
