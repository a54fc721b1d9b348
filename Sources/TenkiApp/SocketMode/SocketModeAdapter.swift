import Foundation
import TenkiCore
import TenkiHTTPServer
import TenkiLogging

/// The Socket Mode way in: an envelope becomes the same `Inbound` value the HTTP way in makes of
/// the same payload, because the HTTP adapters themselves read it (the command's fields as their
/// form, the interaction as its `payload` field, the event as its body), with no signature to
/// check: the connection was opened with the app-level token. The value goes to the one
/// dispatcher, and its outcome is rendered by the same edge as an HTTP answer; that body becomes
/// the acknowledgement's `payload` (a command's inline message, a submission's `response_action`).
/// A late answer goes to the payload's `response_url` exactly as over HTTP (`TimelyResponder`).
struct SocketModeAdapter: Sendable {
    let router: TenkiRouter
    let recent: RecentEnvelopeIDs
    private let commands: SlackCommandAdapter
    private let interactions: SlackInteractionAdapter
    private let events: SlackEventsAdapter

    init(router: TenkiRouter, recent: RecentEnvelopeIDs = RecentEnvelopeIDs()) {
        self.router = router
        self.recent = recent
        commands = SlackCommandAdapter(verifier: nil, decoder: router.slackCommands.decoder)
        interactions = SlackInteractionAdapter(verifier: nil)
        events = SlackEventsAdapter(verifier: nil)
    }

    /// What became of one envelope: the acknowledgement to send (nil: none, so that Slack sends it
    /// again) and the outcome's label for `tenki_socket_envelopes_total`.
    struct Handled: Sendable, Equatable {
        var acknowledgement: String?
        var outcome: Outcome
    }

    enum Outcome: String, Sendable {
        /// Acknowledged with an answer in its `payload`.
        case answered
        /// Acknowledged with no payload (the answer, if any, follows at the `response_url`).
        case acknowledged
        /// A retry of an envelope already taken: acknowledged, not run again.
        case duplicate
        /// A payload the HTTP adapter could not read: acknowledged, logged, not run.
        case undecodable
        /// Refused before anything started (`TENKI_INBOUND_IN_FLIGHT`): not acknowledged, so Slack retries.
        case busy
    }

    /// Runs `envelope` once and says how to acknowledge it.
    func handle(_ envelope: SocketModeEnvelope, logger: Logger) async -> Handled {
        guard recent.insert(envelope.id) else {
            logger.info(
                "envelope already taken: acknowledged again, not run", [("retry_attempt", String(envelope.retryAttempt ?? 0))])
            return Handled(acknowledgement: Self.acknowledgement(envelope.id), outcome: .duplicate)
        }
        let inbound: Inbound
        do {
            inbound = try self.inbound(envelope)
        } catch {
            switch error {
            case .undecodable(let detail, let expected):
                logger.notice("undecodable envelope", [("expected", expected), ("detail", detail)])
                return Handled(acknowledgement: Self.acknowledgement(envelope.id), outcome: .undecodable)
            case .answered, .refused:
                // `ssl_check`, `url_verification`: answered by the way in itself; nothing to run.
                return Handled(acknowledgement: Self.acknowledgement(envelope.id), outcome: .acknowledged)
            }
        }
        if let stored = router.dispatcher.cachedAnswer(to: inbound) {
            return acknowledged(envelope, payload: stored, logger: logger)
        }
        let context = inbound.context
        let outcome = await router.dispatcher.dispatch(inbound, logger: logger)
        let response = router.response(to: outcome, for: context)
        guard response.status == .ok else {
            recent.forget(envelope.id)
            logger.notice("envelope refused: not acknowledged, Slack sends it again", [("status", String(response.status.code))])
            return Handled(acknowledgement: nil, outcome: .busy)
        }
        return acknowledged(envelope, payload: response.body, logger: logger)
    }

    /// The envelope's payload through its HTTP adapter, as the request that way in would get;
    /// answered by acknowledging the envelope, late at the payload's `response_url`.
    func inbound(_ envelope: SocketModeEnvelope) throws(AdapterStop) -> Inbound {
        var inbound = try httpInbound(envelope)
        if case .responseURL(let raw) = inbound.context.replyTarget {
            inbound.context.replyTarget = .socketAcknowledgement(envelopeID: envelope.id, responseURL: raw)
        }
        return inbound
    }

    private func httpInbound(_ envelope: SocketModeEnvelope) throws(AdapterStop) -> Inbound {
        switch envelope.kind {
        case .slashCommands:
            let form = Array(FormURLEncoded.encode(envelope.payload.formFields).utf8)
            return try commands.inbound(from: HTTPRequest(method: "POST", target: TenkiRouter.commandsPath, body: form))
        case .interactive:
            let json = String(decoding: envelope.payload.json, as: UTF8.self)
            let form = Array(FormURLEncoded.encode([("payload", json)]).utf8)
            return try interactions.inbound(from: HTTPRequest(method: "POST", target: TenkiRouter.interactionsPath, body: form))
        case .eventsAPI:
            return try events.inbound(
                from: HTTPRequest(method: "POST", target: TenkiRouter.eventsPath, body: envelope.payload.json))
        }
    }

    /// The acknowledgement with the HTTP answer's body as its `payload`, when there is one and the
    /// envelope takes one; events take none (their 200 is empty over HTTP too).
    private func acknowledged(_ envelope: SocketModeEnvelope, payload: [UInt8], logger: Logger) -> Handled {
        guard !payload.isEmpty, envelope.kind != .eventsAPI else {
            return Handled(acknowledgement: Self.acknowledgement(envelope.id), outcome: .acknowledged)
        }
        guard envelope.acceptsResponsePayload else {
            logger.warning(
                "envelope takes no response payload: its inline answer is not sent", [("type", envelope.kind.rawValue)])
            return Handled(acknowledgement: Self.acknowledgement(envelope.id), outcome: .acknowledged)
        }
        return Handled(acknowledgement: Self.acknowledgement(envelope.id, payload: payload), outcome: .answered)
    }

    /// `{"envelope_id":"…"}`, or with `"payload":` and a JSON value. The id is of `[A-Za-z0-9._:-]`
    /// (`SocketModeMessage.envelopeID`), so it needs no escaping.
    static func acknowledgement(_ id: String, payload: [UInt8]? = nil) -> String {
        guard let payload else { return #"{"envelope_id":""# + id + #""}"# }
        return #"{"envelope_id":""# + id + #"","payload":"# + String(decoding: payload, as: UTF8.self) + "}"
    }
}
