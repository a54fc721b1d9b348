import Foundation
import TenkiCharts
import TenkiHTTPClient
import TenkiLogging

/// At start, `serve` asks its own `GET /charts` at `TENKI_PUBLIC_URL` for a small signed chart,
/// as Slack will: when that fails (a wrong URL, a proxy that does not forward `/charts`), every
/// chart would make Slack refuse the post once (it is then re-sent without the image), so the
/// operator is warned. Never stops the start.
enum ChartReachability {
    static let probe = Meteogram(
        samples: [Meteogram.Sample(time: 0, temperature: 20, chanceOfRain: 0.5)], unit: .celsius, language: .en,
        utcOffsetSeconds: 0)

    /// Nil when the chart came back as a PNG, else what went wrong.
    static func problem(links: ChartLinks, transport: any HTTPTransport, timeout: Duration = .seconds(5)) async -> String? {
        guard let text = links.url(for: probe, name: "reachability"), let url = URL(string: text) else { return "no probe URL" }
        let request = OutboundRequest(method: "GET", url: url, headers: [:], body: [], timeout: timeout, redirects: .none)
        do {
            let response = try await transport.send(request)
            guard response.status == 200, response.body.starts(with: PNGEncoder.signature) else {
                return "HTTP \(response.status)"
            }
            return nil
        } catch {
            return "\(error)"
        }
    }

    static func warnIfUnreachable(links: ChartLinks, transport: any HTTPTransport, logger: Logger) async {
        guard let problem = await problem(links: links, transport: transport) else { return }
        logger.warning(
            "charts are not reachable at \(SettingsTable.name(\.publicURL)): "
                + "Slack will refuse each chart once and the post goes again without it",
            [("public_url", links.publicURL), ("result", problem)])
    }
}
