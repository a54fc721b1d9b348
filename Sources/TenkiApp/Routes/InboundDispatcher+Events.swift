import Foundation
import TenkiCore
import TenkiLogging
import TenkiStorage

extension InboundDispatcher {
    /// An event, however it arrived (`/slack/events`, Socket Mode): a retry of one already taken is
    /// acknowledged and nothing more; the first sighting is acted on by its type. The work done
    /// here is short and durable (a queued publish), so the acknowledgement stays within 3 s.
    func event(_ event: InboundEvent, context: InboundContext, logger: Logger) async -> InboundOutcome {
        // Uninstalls and revocations are idempotent: taken before de-duplication, so a retry of
        // one that failed to be stored is taken again; once taken, a retry counts as a duplicate.
        if let handled = await installationEvent(event.type, sentAt: event.sentAt, context: context, logger: logger) {
            if case .acknowledged = handled, let events {
                events.count(event, await events.isFirstSighting(event, logger: logger) ? .handled : .duplicate)
            }
            return handled
        }
        guard let events else {
            logger.info("interaction ignored", [("type", event.type)])
            return .notHandled(reason: event.type)
        }
        // Refused before it is marked seen: Slack's retry of it is then taken.
        let ticket = rule?.inbound.admit(.event)
        if rule != nil, ticket == nil { return .busy }
        defer { ticket?.release() }
        guard await events.isFirstSighting(event, logger: logger) else {
            logger.info("event already taken: a retry", [("type", event.type)])
            events.count(event, .duplicate)
            return .acknowledged
        }
        let user = UserKey(team: context.team, user: context.user, installation: context.installation)
        var handled = false
        switch event.type {
        case "app_home_opened" where event.tab == "home":
            if let home, !context.user.isEmpty { handled = await home.publish(for: user, logger: logger) }
        default:
            break
        }
        events.count(event, handled ? .handled : .ignored)
        if !handled { logger.info("interaction ignored", [("type", event.type)]) }
        return handled ? .acknowledged : .notHandled(reason: event.type)
    }
}
