import Foundation
import TenkiCore
import TenkiLogging
import TenkiSlackAPI
import TenkiStorage

extension SubscriptionCommands {
    /// `/weather subscribe …`: the one subscribe path (`subscribe(_:logger:)`), told as a notice.
    func subscribe(_ command: SubscriptionCommand, payload: SlashCommandPayload, logger: Logger) async -> ChatMessage {
        let query: String, kind: Subscription.Kind, zone: String?
        switch command {
        case .subscribe(let report): (query, kind, zone) = (report.place, .morning(report.time, report.days), report.zone)
        case .subscribeRain(let place): (query, kind, zone) = (place, .rain, nil)
        default: return say(strings.missingPlace)
        }
        let attempt = SubscribeAttempt(
            query: query, kind: kind, zone: zone, team: payload.teamID ?? "", channel: payload.channelID ?? "",
            user: payload.userID, enterprise: payload.enterpriseID, installationKey: payload.installationKey)
        switch await subscribe(attempt, logger: logger) {
        case .success(let saved): return say(strings.saved, nil, ["id": .literal(String(saved.id))])
        case .failure(let refusal): return message(for: refusal)
        }
    }

    /// Checks in the order a caller can act on: the bot token, the workspace, the place, the
    /// channel's room; then saves, posts the confirmation to the channel, and takes the
    /// subscription back when Slack refuses that post. The text command and the subscribe modal
    /// both come here: one way to save a subscription.
    func subscribe(_ attempt: SubscribeAttempt, logger: Logger) async -> Result<Subscription, SubscribeRefusal> {
        let (team, channel) = (attempt.team, attempt.channel)
        let slack: SlackWebAPIClient
        switch await workspaces.lookup(enterprise: attempt.enterprise, team: team, logger: logger) {
        case .installed(let token?): slack = workspaces.client(token)
        case .installed(nil), .notInstalled: return .failure(.notConfigured)
        case .unavailable: return .failure(.stateUnavailable)
        }
        guard !channel.isEmpty else { return .failure(.noChannel) }
        // With many workspaces the token is the workspace's own; with one, it must be this one's.
        if !workspaces.isDistributed {
            switch await isBotsWorkspace(team, slack: slack, logger: logger) {
            case .other: return .failure(.otherWorkspace)
            case .tokenRefused: return .failure(.tokenRefused)
            case .unknown: return .failure(.stateUnavailable)
            case .same: break
            }
        }
        let place: Place
        switch await geocode(attempt.query, logger: logger) {
        case .success(let found): place = found
        case .failure(let refusal): return .failure(refusal)
        }
        let timeZone = await zoneName(explicit: attempt.zone, user: attempt.user, slack: slack, logger: logger)
        let draft = Subscription(
            id: 0, team: team, channel: channel, kind: attempt.kind, title: WeatherMessageFormatter.title(of: place),
            coordinates: place.coordinates, timeZone: timeZone, language: settings.language, units: settings.units,
            createdBy: attempt.user, createdAt: clock.now(), installationKey: attempt.installationKey)
        let saved: Subscription
        do {
            switch try await store.add(draft, limit: settings.maxSubscriptionsPerChannel) {
            case .added(let subscription): saved = subscription
            case .channelFull(let count): return .failure(.channelFull(count))
            }
        } catch {
            logger.error("subscription store failed", [("error", error.description)])
            return .failure(.stateUnavailable)
        }
        if let refusal = await postConfirmation(of: saved, by: attempt.user, logger: logger) {
            _ = try? await store.remove([saved.id], team: team, channel: channel)
            return .failure(refusal)
        }
        logger.notice("channel subscribed", [("subscription", String(saved.id)), ("channel", channel), ("zone", timeZone)])
        return .success(saved)
    }

    /// What the caller of the text command is told for a refusal.
    func message(for refusal: SubscribeRefusal) -> ChatMessage {
        switch refusal {
        case .notConfigured: say(strings.notConfigured)
        case .otherWorkspace: say(strings.otherWorkspace)
        case .tokenRefused: say(strings.tokenRefused)
        case .stateUnavailable: say(strings.stateUnavailable)
        case .placeNotFound(let query): notices.weather(.placeNotFound(query: query))
        case .lookupFailed(let message): message
        case .channelFull(let count): say(strings.channelFull, nil, ["count": .literal(String(count))])
        case .notInChannel: say(strings.notInChannel)
        case .postRefused(let error): say(strings.postRefused, nil, ["error": .text(error)])
        case .noChannel: say(strings.noChannel)
        }
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

    private func geocode(_ query: String, logger: Logger) async -> Result<Place, SubscribeRefusal> {
        guard let weather else { return .failure(.lookupFailed(notices.weather(.notConfigured))) }
        do {
            guard let place = try await weather.places(matching: query, language: settings.language).value.first else {
                return .failure(.placeNotFound(query))
            }
            return .success(place)
        } catch {
            logger.log(error.isTemporary ? .warning : .notice, "subscription geocoding failed", [("error", error.description)])
            let problem = WeatherCommandHandler.problem(for: error, query: query)
            if case .placeNotFound = problem { return .failure(.placeNotFound(query)) }
            return .failure(.lookupFailed(notices.weather(problem)))
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
        return settings.subscriptionTimeZone
    }

    /// Posts the confirmation in the channel, now and once (not queued: the caller waits for the
    /// verdict). Nil when Slack took it, else why not.
    private func postConfirmation(of subscription: Subscription, by user: String, logger: Logger) async -> SubscribeRefusal? {
        var values = describe(subscription)
        values["id"] = .literal(String(subscription.id))
        values["user"] =
            user.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 || $0 >= 65 && $0 <= 90 }) && !user.isEmpty
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
            return .notInChannel
        case .permanent(let error) where SlackWebAPIError.tokenProblems.contains(error):
            logger.error("subscription refused: Slack refused \(SettingsTable.name(\.slackBotToken))", [("error", error)])
            return .tokenRefused
        case .permanent(let error), .retryable(let error):
            logger.warning("subscription confirmation refused", [("error", error)])
            return .postRefused(error)
        case .http:
            return .postRefused("no answer from Slack")
        }
    }
}

/// What to subscribe: the text command's words or the subscribe modal's fields, checked.
struct SubscribeAttempt: Sendable {
    var query: String
    var kind: Subscription.Kind
    /// Nil: the caller's Slack zone, else `TENKI_TIMEZONE`.
    var zone: String?
    var team: String
    var channel: String
    var user: String
    /// Slack's enterprise id on Enterprise Grid: with `team`, it picks the installation that answers.
    var enterprise: String? = nil
    /// That installation's key, saved with the subscription (nil: the team's).
    var installationKey: String? = nil
}

/// Why a subscription was not saved (nothing stays saved after any of these).
enum SubscribeRefusal: Error, Sendable {
    /// No `SLACK_BOT_TOKEN`.
    case notConfigured
    case otherWorkspace
    case tokenRefused
    case stateUnavailable
    case placeNotFound(String)
    /// The lookup failed for another reason; the notice says which.
    case lookupFailed(ChatMessage)
    case channelFull(Int)
    /// `not_in_channel` or `channel_not_found`: Tenki must be invited.
    case notInChannel
    case postRefused(String)
    /// The command named no channel to subscribe.
    case noChannel
}
