import Foundation
import TenkiBase
import TenkiCore
import TenkiHTTPClient
import TenkiLogging
import TenkiMetrics

extension DigestCommand {
    /// Prints the message(s) and writes nothing: the ledger is only read, and only when the state
    /// file already exists (an in-memory one stands in otherwise).
    static func dryRun(
        _ digests: [Settings.DigestSettings], settings: Settings, transport: any HTTPTransport, clock: any WallClock,
        logger: Logger
    ) async throws -> Report {
        let exists = FileManager.default.fileExists(atPath: settings.statePath)
        var dependencies = dependencies(transport: transport, clock: clock, logger: logger, metrics: MetricsRegistry())
        dependencies.state = exists ? .settings : .memory
        dependencies.keepsAnswers = false
        let server = try TenkiServer.build(settings: settings, dependencies: dependencies)
        var messages: [(Settings.DigestSettings, ChatMessage)] = []
        for digest in digests {
            messages.append((digest, await server.digests.preview(digest, now: clock.now())))
        }
        // Nothing is written (`keepsAnswers`); waiting for any work still running makes that so
        // before the process exits, and before a test looks at the state file.
        _ = await server.background.waitUntilIdle(atMost: .seconds(5))
        // Each digest in its webhook's format.
        var report = Report(exitCode: .success)
        if messages.count == 1, let (digest, message) = messages.first {
            report.output.append(String(decoding: digest.format.body(for: message, pretty: true), as: UTF8.self))
        } else {
            // Several digests: one JSON object keyed by digest name.
            let parts = messages.map { digest, message in
                "\"\(digest.name)\": " + String(decoding: digest.format.body(for: message), as: UTF8.self)
            }
            report.output.append("{" + parts.joined(separator: ", ") + "}")
        }
        report.diagnostics.append("dry run: nothing posted, nothing written")
        return report
    }
}
