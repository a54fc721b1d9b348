import Foundation
import TenkiLogging

/// `tenki replay PATH... [--target URL]`: replays recorded files through the real HTTP path, prints
/// a transcript per file and "N of M failed"; exit 1 when any expectation fails.
enum ReplayCommand {
    static func run(_ arguments: [String]) async throws -> ExitCode {
        let list = try ArgumentList(arguments, command: "replay", valueOptions: ["target"], flagOptions: [])
        guard !list.positional.isEmpty else {
            throw UsageError("name at least one replay file or folder, e.g. tenki replay replay/", command: "replay")
        }
        var target: URL?
        if let raw = list.value("target") {
            guard let url = URL(string: raw), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
                throw UsageError(
                    "--target must be an http(s) URL such as http://127.0.0.1:8080 (got \"\(raw)\")", command: "replay")
            }
            target = url
        }
        let cases: [ReplayCase]
        do {
            cases = try ReplayCase.load(list.positional)
        } catch {
            throw UsageError(error.description, command: "replay")
        }
        let settings = try Settings.load()
        let secret = settings.signingSecrets.first ?? ReplayHarness.testSigningSecret
        let logger = Logger(sink: StandardErrorLogSink(), threshold: .error)
        let harness = try await ReplayHarness.start(options: .init(signingSecret: secret, target: target), logger: logger)
        if let target {
            TenkiCLI.printError(
                "replaying against \(target.absoluteString): its response_url host must allow 127.0.0.1 "
                    + "(\(SettingsTable.name(\.allowedResponseHosts))) and it must use the same signing secret")
        }
        var results: [ReplayResult] = []
        for replayCase in cases {
            let result = await harness.replay(replayCase)
            results.append(result)
            TenkiCLI.printOutput(ReplayTranscript.render(result))
        }
        await harness.stop()
        let failed = results.filter { !$0.passed }
        for result in failed {
            for line in result.failureLines { TenkiCLI.printError(line) }
        }
        TenkiCLI.printOutput(ReplayTranscript.summary(results))
        // A run that sent nothing (every file skipped against a target) proves nothing: not a pass.
        guard results.contains(where: { $0.skipped == nil }) else {
            TenkiCLI.printError("tenki replay: every file was skipped, so nothing was checked")
            return .failure
        }
        return failed.isEmpty ? .success : .failure
    }
}
