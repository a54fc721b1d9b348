import Foundation
import TenkiBase
import TenkiCore
import TenkiFakes
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging

/// `tenki demo`: the whole path offline, through the replay harness. The bundled examples
/// (compiled in, so the release binary works from any directory) go over real HTTP to the real
/// listener, with fake upstreams and a local `response_url` sink; every message is rendered for a
/// terminal with a link that opens it in Slack's Block Kit Builder. Exit 0 when every example
/// answers as its file expects.
enum DemoCommand {
    static func run(_ arguments: [String]) async throws -> ExitCode {
        let list = try ArgumentList(arguments, command: "demo", valueOptions: [], flagOptions: [])
        guard list.positional.isEmpty else { throw UsageError("demo takes no arguments", command: "demo") }
        let quiet = Logger(sink: StandardErrorLogSink(), threshold: .error)
        let started = ContinuousClock.now
        let harness = try await ReplayHarness.start(logger: quiet)
        TenkiCLI.printOutput(
            "Tenki demo: real listener, fake OpenWeatherMap, NewsAPI and feeds, and a response_url sink, all on loopback.\n"
                + "Each example is a replay file (see replay/ and docs/replay.md).\n")
        var results: [ReplayResult] = []
        for example in examples() {
            let result = await harness.replay(example)
            results.append(result)
            TenkiCLI.printOutput(ReplayTranscript.render(result, links: true))
        }
        let digest = await DemoDigest.run(harness: harness, logger: quiet)
        TenkiCLI.printOutput(digest.transcript + "\n")
        let subscription = await DemoSubscription.run(harness: harness, logger: quiet)
        TenkiCLI.printOutput(subscription.transcript + "\n")
        let socket = await DemoSocketMode.run(harness: harness, logger: quiet)
        TenkiCLI.printOutput(socket.transcript + "\n")
        let charts = await DemoCharts.write(logger: quiet)
        TenkiCLI.printOutput(DemoCharts.transcript(charts))
        await harness.stop()
        let seconds = (ContinuousClock.now - started).timeInterval
        TenkiCLI.printOutput(
            "\(ReplayTranscript.summary(results)) (demo examples); late answers through response_url: "
                + "\(harness.sink.requests.filter { $0.path != DemoDigest.webhookPath }.count); digest posted: \(digest.delivered ? "yes" : "no"); "
                + "subscription report posted: \(subscription.delivered ? "yes" : "no"); "
                + "Socket Mode envelope acknowledged: \(socket.acknowledged ? "yes" : "no"); took \(String(format: "%.1f", seconds)) s."
        )
        let chartsWritten = (try? charts.get()) != nil
        return results.allSatisfy(\.passed) && digest.delivered && subscription.delivered && socket.acknowledged
            && chartsWritten ? .success : .failure
    }

    /// The compiled-in examples, parsed; a copy that does not parse shows up as a failed example.
    static func examples() -> [ReplayCase] {
        DemoExamples.files.map { ReplayCase(name: $0.name, data: Data($0.json.utf8)) }
    }
}
