import TenkiLogging

extension SocketModeService {
    /// Reads `connection` until it ends (or the task is cancelled: the drain then takes it over),
    /// running each envelope as its own child task and acknowledging it on this connection.
    func read(_ connection: any SocketModeConnection, with reader: SocketModeReader, log: Logger) async {
        await withDiscardingTaskGroup { envelopes in
            while true {
                let text: String
                do throws(SocketModeConnectionError) {
                    text = try await connection.receiveText()
                } catch {
                    if case .ended(let reason) = error {
                        log.notice("socket mode connection ended", [("reason", reason)])
                        health.ended(connection)
                    }
                    break
                }
                take(text, from: connection, reader: reader, into: &envelopes, log: log)
            }
        }
        reader.handoff.signal()
        reader.ended.signal()
    }

    /// The `disconnect` reasons Slack documents: the metric's labels (any other is `other`).
    static let disconnectReasons: Set<String> = ["refresh_requested", "warning", "link_disabled"]

    private func take(
        _ text: String, from connection: any SocketModeConnection, reader: SocketModeReader,
        into envelopes: inout DiscardingTaskGroup, log: Logger
    ) {
        switch SocketModeMessage(text: text) {
        case .hello(let count):
            reader.sawHello()
            health.count(type: "hello", outcome: "received")
            log.info("socket mode hello", [("app_connections", count.map(String.init) ?? "-")])
        case .disconnect(let reason):
            health.count(type: "disconnect", outcome: Self.disconnectReasons.contains(reason) ? reason : "other")
            if reason == "link_disabled" {
                reader.sawLinkDisabled()
                log.error("socket mode disconnect: link_disabled (Socket Mode turned off for the app?); retrying slowly")
            } else {
                log.notice("socket mode disconnect: opening the replacement first", [("reason", reason)])
            }
            reader.handoff.signal()
            envelopes.addTask {
                await reader.replaced.wait()
                await reader.untilAcknowledged()
                guard !Task.isCancelled else { return }
                log.notice("socket mode connection closing: its replacement is open")
                await connection.close()
            }
        case .envelope(let envelope):
            guard !reader.closing else {
                health.count(type: envelope.kind.rawValue, outcome: "after_close")
                log.notice("envelope after our close frame: not run", [("type", envelope.kind.rawValue)])
                return
            }
            reader.began()
            envelopes.addTask {
                defer { reader.finished() }
                let log = log.with("envelope_id", envelope.id)
                let handled = await adapter.handle(envelope, logger: log)
                if let acknowledgement = handled.acknowledgement {
                    do {
                        try await connection.sendText(acknowledgement)
                    } catch {
                        health.count(type: envelope.kind.rawValue, outcome: "unacknowledged")
                        log.warning("acknowledgement not sent: the connection is closing or gone")
                        return
                    }
                }
                health.count(type: envelope.kind.rawValue, outcome: handled.outcome.rawValue)
            }
        case .unusable(let reason, let id):
            health.count(type: "unusable", outcome: id == nil ? "ignored" : "acknowledged")
            log.notice("unusable socket mode message", [("reason", reason)])
            if let id, !reader.closing {
                reader.began()
                envelopes.addTask {
                    defer { reader.finished() }
                    try? await connection.sendText(SocketModeAdapter.acknowledgement(id))
                }
            }
        }
    }
}
