import Foundation
import Synchronization
import TenkiCore
import TenkiLogging
import TenkiDelivery
import TenkiProviders
import TenkiSlackAPI
import TenkiStorage

/// `/weather subscribe`, `subscriptions` and `unsubscribe`: a channel sets up its own morning
/// reports and rain alerts. The place is geocoded before anything is saved; the confirmation is
/// posted to the channel with `chat.postMessage` at once, so a bot that cannot post there is found
/// while the caller is still looking, and then nothing stays saved.
struct SubscriptionCommands: Sendable {
    let store: any SubscriptionStore
    let weather: WeatherService?
    let queue: DeliveryQueue
    /// Whose bot token a channel's subscription works with: `SLACK_BOT_TOKEN`, or the workspace's installation.
    let workspaces: SlackWorkspaces

    /// The client of `SLACK_BOT_TOKEN` with one workspace (the Home tab's); nil with many or none.
    var slack: SlackWebAPIClient? { workspaces.isDistributed ? nil : workspaces.singleToken.map(workspaces.client) }
    let settings: Settings
    let clock: any WallClock
    /// The bot token's workspace, asked of `auth.test` once.
    let botTeam = BotWorkspace()

    var strings: SubscriptionStrings { .namingSettings(for: settings.language) }
    var notices: NoticeMessages { settings.notices }

    func respond(to command: SubscriptionCommand, from payload: SlashCommandPayload, logger: Logger) async -> ChatMessage {
        guard payload.platform == .slack else { return say(strings.slackOnly) }
        let team = payload.teamID ?? "", channel = payload.channelID ?? ""
        do {
            switch command {
            case .invalid(let problem):
                return say(template(for: problem), word(of: problem))
            case .list:
                return try await list(team: team, channel: channel)
            case .unsubscribe(let target):
                return try await unsubscribe(target, team: team, channel: channel, logger: logger)
            case .subscribe, .subscribeRain:
                return await subscribe(command, payload: payload, logger: logger)
            }
        } catch {
            logger.error("subscription store failed", [("error", error.description)])
            return say(strings.stateUnavailable)
        }
    }

    /// A private notice from a template, `{command}` filled in, and `{word}` with `word` as plain text.
    func say(_ template: String, _ word: String? = nil, _ values: [String: RichText] = [:]) -> ChatMessage {
        var filled: [String: RichText] = ["command": .literal(settings.commandNames.weather)]
        if let word { filled["word"] = .text(word) }
        return notices.notice(RichText.fill(template, filled.merging(values) { $1 }))
    }

    private func template(for problem: SubscriptionCommand.Problem) -> String {
        switch problem {
        case .missingPlace: strings.missingPlace
        case .invalidTime: strings.invalidTime
        case .unknownZone: strings.unknownZone
        case .repeated: strings.repeated
        case .missingTarget: strings.missingTarget
        case .targetWithoutLetters: strings.targetWithoutLetters
        }
    }

    private func word(of problem: SubscriptionCommand.Problem) -> String? {
        switch problem {
        case .invalidTime(let word), .unknownZone(let word), .repeated(let word), .targetWithoutLetters(let word): word
        case .missingPlace, .missingTarget: nil
        }
    }

    private func list(team: String, channel: String) async throws(StateStoreError) -> ChatMessage {
        let subscriptions = try await store.subscriptions(team: team, channel: channel)
        var lines: [RichText] = []
        if subscriptions.isEmpty {
            lines.append(RichText.fill(strings.listEmpty, ["command": .literal(settings.commandNames.weather)]))
        } else {
            lines.append(.markup(strings.listHeader))
            for subscription in subscriptions {
                lines.append(line(for: subscription))
                if let reason = subscription.pausedReason {
                    lines.append(RichText.fill(strings.paused, ["reason": .text(reason)]))
                }
            }
        }
        if !settings.schedulerEnabled { lines.append(.markup(strings.noScheduler)) }
        return notices.notice(RichText.joined(lines, separator: "\n"))
    }

    func line(for subscription: Subscription) -> RichText {
        text(for: subscription, morning: strings.morningLine, rain: strings.rainLine)
    }

    /// `subscription` in the template of its kind, with its ID and `describe`'s placeholders.
    private func text(for subscription: Subscription, morning: String, rain: String) -> RichText {
        var values = describe(subscription)
        values["id"] = .literal(String(subscription.id))
        guard case .morning = subscription.kind else { return RichText.fill(rain, values) }
        return RichText.fill(morning, values)
    }

    /// The placeholders every subscription text shares: place, time, days, zone, next.
    func describe(_ subscription: Subscription) -> [String: RichText] {
        var values: [String: RichText] = ["place": .text(subscription.title), "zone": .text(subscription.timeZone)]
        if case .morning(let time, let days) = subscription.kind {
            values["time"] = .literal(time.description)
            values["days"] = .text(days == .daily ? strings.daily : strings.weekdays)
            values["next"] = .text(subscription.nextReport(after: clock.now()).map { Self.localTime($0, in: subscription.zone) } ?? "—")
        }
        return values
    }

    /// `2026-12-03 07:30` on the subscription's own clock.
    static func localTime(_ instant: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: instant)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute))"
    }

    private func unsubscribe(
        _ target: SubscriptionCommand.Target, team: String, channel: String, logger: Logger
    ) async throws(StateStoreError) -> ChatMessage {
        let here = try await store.subscriptions(team: team, channel: channel)
        let chosen: [Subscription]
        let asked: String
        switch target {
        case .all:
            (chosen, asked) = (here, "all")
        case .id(let id):
            (chosen, asked) = (here.filter { $0.id == id }, "#\(id)")
        case .place(let text):
            let wanted = Self.folded(text)
            // The parser refuses a target without letters or digits; an empty fold would match every place.
            guard !wanted.isEmpty else { return say(strings.nothingRemoved, nil, ["target": .text(text)]) }
            let exact = here.filter { Self.folded($0.title) == wanted }
            let matches = exact.isEmpty ? here.filter { Self.folded($0.title).hasPrefix(wanted) } : exact
            // By text, one at a time: more than one match is listed, and the caller picks by ID.
            if matches.count > 1 {
                return say(
                    strings.ambiguousTarget, nil,
                    ["target": .text(text), "count": .literal(String(matches.count)), "names": names(matches)])
            }
            (chosen, asked) = (matches, text)
        }
        let removed = try await store.remove(chosen.map(\.id), team: team, channel: channel)
        guard removed > 0 else {
            return say(strings.nothingRemoved, nil, ["target": .text(asked)])
        }
        logger.notice("subscriptions removed", [("count", String(removed)), ("channel", channel)])
        return say(strings.removed, nil, ["count": .literal(String(removed)), "names": names(chosen)])
    }

    /// `#1 Da Nang, VN (morning report at 07:30 on weekdays), #2 Da Nang, VN (rain alerts)`.
    private func names(_ subscriptions: [Subscription]) -> RichText {
        RichText.joined(
            subscriptions.map { text(for: $0, morning: strings.morningShort, rain: strings.rainShort) }, separator: ", ")
    }

    /// Lowercased letters and digits only (`SubscriptionCommand.isLetterOrDigit`): `Da Nang, VN`
    /// and `danang` start alike.
    static func folded(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter(SubscriptionCommand.isLetterOrDigit).map(Character.init))
    }
}

/// The bot token's workspace once `auth.test` told it (a class: copies of the commands share it).
final class BotWorkspace: Sendable {
    private let team = Mutex<String?>(nil)

    var known: String? { team.withLock { $0 } }

    func remember(_ value: String) { team.withLock { $0 = value } }
}
