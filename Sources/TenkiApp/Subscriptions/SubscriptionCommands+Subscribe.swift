import Foundation
import TenkiCore
import TenkiLogging
import TenkiServices

extension SubscriptionCommands {
    /// Checks in the order a caller can act on: the bot token, the workspace, the place, the
    /// channel's room; then saves, posts the confirmation to the channel, and takes the
    /// subscription back when Slack refuses that post.
    func subscribe(_ command: SubscriptionCommand, payload: SlashCommandPayload, logger: Logger) async -> ChatMessage {
        let team = payload.teamID ?? "", channel = payload.channelID ?? ""
        let slack: SlackWebAPIClient
        switch await workspaces.lookup(enterprise: payload.enterpriseID, team: team, logger: logger) {
        case .installed(let token?): slack = workspaces.client(token)
        case .installed(nil), .notInstalled: return say(strings.notConfigured)
        case .unavailable: return say(strings.stateUnavailable)
        }
        guard !channel.isEmpty else { return say(strings.postRefused, nil, ["error": .text("no channel")]) }
        // With many workspaces the token is the workspace's own; with one, it must be this one's.
        if !workspaces.isDistributed {
            switch await isBotsWorkspace(team, slack: slack, logger: logger) {
            case .other: return say(strings.otherWorkspace)
            case .tokenRefused: return say(strings.tokenRefused)
            case .unknown: return say(strings.stateUnavailable)
            case .same: break
            }
        }
        let query: String, kind: Subscription.Kind, zone: String?
        switch command {
        case .subscribe(let report): (query, kind, zone) = (report.place, .morning(report.time, report.days), report.zone)
        case .subscribeRain(let place): (query, kind, zone) = (place, .rain, nil)
        default: return say(strings.missingPlace)
        }
        let place: Place
        switch await geocode(query, logger: logger) {
        case .success(let found): place = found
        case .failure(let notice): return notice.message
        }
        let timeZone = await zoneName(explicit: zone, user: payload.userID, slack: slack, logger: logger)
        let draft = Subscription(
            id: 0, team: team, channel: channel, kind: kind, title: WeatherMessageFormatter.title(of: place),
            coordinates: place.coordinates, timeZone: timeZone, language: settings.language, units: settings.units,
            createdBy: payload.userID, createdAt: clock.now())
        let saved: Subscription
        do {
            switch try await store.add(draft, limit: settings.maxSubscriptionsPerChannel) {
            case .added(let subscription): saved = subscription
            case .channelFull(let count): return say(strings.channelFull, nil, ["count": .literal(String(count))])
            }
        } catch {
            logger.error("subscription store failed", [("error", error.description)])
            return say(strings.stateUnavailable)
        }
        if let refusal = await postConfirmation(of: saved, by: payload.userID, logger: logger) {
            _ = try? await store.remove([saved.id], team: team, channel: channel)
            return refusal
        }
        logger.notice("channel subscribed", [("subscription", String(saved.id)), ("channel", channel), ("zone", timeZone)])
        return say(strings.saved, nil, ["id": .literal(String(saved.id))])
    }

    enum WorkspaceCheck {
        case same, other
        /// Slack refused the bot token (`invalid_auth`, `token_revoked`, …): an admin must fix it.
        case tokenRefused
        /// Slack could not tell now (try again).
        case unknown
    }

    /// Whether `team` is the bot token's workspace.
    private func isBotsWorkspace(_ team: String, slack: SlackWebAPIClient, logger: Logger) async -> WorkspaceCheck {
        if let known = botTeam.known { return known == team ? .same : .other }
        do {
            let bots = try await slack.teamID()
            botTeam.remember(bots)
            return bots == team ? .same : .other
        } catch {
            logger.warning("auth.test failed", [("error", error.description)])
            return error.isTokenProblem ? .tokenRefused : .unknown
        }
    }

    private func geocode(_ query: String, logger: Logger) async -> Result<Place, NoticeError> {
        guard let weather else { return .failure(NoticeError(notices.weather(.notConfigured))) }
        do {
            guard let place = try await weather.places(matching: query, language: settings.language).value.first else {
                return .failure(NoticeError(notices.weather(.placeNotFound(query: query))))
            }
            return .success(place)
        } catch {
            logger.log(error.isTemporary ? .warning : .notice, "subscription geocoding failed", [("error", error.description)])
            return .failure(NoticeError(notices.weather(WeatherCommandHandler.problem(for: error, query: query))))
        }
    }

    /// The zone named in the command, else the caller's Slack zone (`users.info`), else `TENKI_TIMEZONE`.
    private func zoneName(explicit: String?, user: String, slack: SlackWebAPIClient, logger: Logger) async -> String {
        if let explicit { return explicit }
        do {
            if let zone = try await slack.timeZone(ofUser: user), TimeZone(identifier: zone) != nil { return zone }
        } catch {
            logger.notice("users.info failed; the default zone is used", [("error", error.description)])
        }
        return settings.subscriptionTimeZone.identifier
    }

    /// Posts the confirmation in the channel, now and once (not queued: the caller waits for the
    /// verdict). Nil when Slack took it, else what to tell the caller.
    private func postConfirmation(of subscription: Subscription, by user: String, logger: Logger) async -> ChatMessage? {
        var values = describe(subscription)
        values["id"] = .literal(String(subscription.id))
        values["user"] = user.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 || $0 >= 65 && $0 <= 90 }) && !user.isEmpty
            ? .markup("<@\(user)>") : .text(user)
        let template = subscription.kind == .rain ? strings.rainConfirmation : strings.morningConfirmation
        let text = RichText.fill(template, values)
        let message = ChatMessage(summary: text, parts: [.paragraph(text, image: nil)], visibility: .inChannel).slack
        var delivery = NewDelivery.chatPostMessage(
            channel: subscription.channel, message: message, kind: "subscription-confirmation",
            apiBase: settings.delivery.slackAPIBaseURL, createdAt: clock.now())
        delivery.installationKey = subscription.installationKey
        switch SlackWebAPIResult(await queue.postUnqueued(delivery)) {
        case .posted:
            return nil
        case .permanent(let error) where error == "not_in_channel" || error == "channel_not_found":
            logger.notice("subscription refused: the bot cannot post in the channel", [("error", error)])
            return say(strings.notInChannel)
        case .permanent(let error) where SlackWebAPIError.tokenProblems.contains(error):
            logger.error("subscription refused: Slack refused SLACK_BOT_TOKEN", [("error", error)])
            return say(strings.tokenRefused)
        case .permanent(let error), .retryable(let error):
            logger.warning("subscription confirmation refused", [("error", error)])
            return say(strings.postRefused, nil, ["error": .text(error)])
        case .http:
            return say(strings.postRefused, nil, ["error": .text("no answer from Slack")])
        }
    }
}

/// A notice carried through a `Result`.
struct NoticeError: Error {
    let message: ChatMessage
    init(_ message: ChatMessage) { self.message = message }
}
