import Foundation

/// The Home tab of one user (`views.publish`, `type: home`): their saved place and units, the
/// team's defaults, the channel subscriptions they created (next run, paused ones with the
/// reason, each with a remove button carrying its id), and what they can type. Pure: the caller
/// reads the preferences and subscriptions; the view is rebuilt whole each time it changes.
public struct HomeTab: Sendable {
    /// What a user saved (`/weather set`); nil fields were never set.
    public struct Preferences: Sendable, Equatable {
        public var place: String?
        public var units: Units?

        public init(place: String? = nil, units: Units? = nil) {
            self.place = place
            self.units = units
        }
    }

    /// The deployment's defaults (its default city and units) and the names its commands go by.
    public struct TeamDefaults: Sendable, Equatable {
        public var place: String?
        public var units: Units
        public var commands: CommandNames

        public init(place: String?, units: Units, commands: CommandNames = CommandNames()) {
            self.place = place
            self.units = units
            self.commands = commands
        }
    }

    let preferences: Preferences
    let team: TeamDefaults
    /// The subscriptions this user created (any channel), in the order to show them.
    let subscriptions: [Subscription]
    let now: Date
    let language: WeatherLanguage

    /// Blocks around the subscription lines (header, settings, buttons, dividers, help): what
    /// is left of the 100 goes to subscriptions, the last line saying how many were left out.
    static let fixedBlocks = 9

    /// The Home tab's view for these inputs.
    public static func view(
        preferences: Preferences, team: TeamDefaults, subscriptions: [Subscription], now: Date, language: WeatherLanguage
    ) -> SlackView {
        HomeTab(preferences: preferences, team: team, subscriptions: subscriptions, now: now, language: language).view
    }

    var view: SlackView {
        let strings = HomeStrings.table(for: language)
        var blocks: [SurfaceBlock] = [.block(.header(strings.title))]
        blocks.append(.block(Section.markdown(strings.yourSettings + "\n" + settingsLine(strings))))
        blocks.append(.block(.context(.markdown(teamLine(strings)))))
        blocks.append(
            .block(
                .actions([
                    ButtonElement(
                        actionID: HomeIDs.preferencesAction, label: strings.preferencesButton, value: "preferences",
                        style: .primary),
                    ButtonElement(actionID: HomeIDs.subscribeAction, label: strings.subscribeButton, value: "subscribe"),
                ])))
        blocks.append(.block(.divider))
        blocks.append(.block(Section.markdown(strings.subscriptionsHeader)))
        if subscriptions.isEmpty {
            blocks.append(.block(.context(.markdown(fill(strings.noSubscriptions, ["command": .literal(team.commands.weather)])))))
        } else {
            let room = SlackLimits.blocksPerView - Self.fixedBlocks
            let shown = subscriptions.count <= room ? subscriptions[...] : subscriptions.prefix(room - 1)
            for subscription in shown {
                blocks.append(.buttonSection(line(for: subscription, strings), button: removeButton(for: subscription, strings)))
            }
            if shown.count < subscriptions.count {
                let values: [String: RichText] = [
                    "count": .literal(String(subscriptions.count - shown.count)), "command": .literal(team.commands.weather),
                ]
                blocks.append(.block(.context(.markdown(fill(strings.more, values)))))
            }
        }
        blocks.append(.block(.divider))
        let help = fill(strings.help, ["weather": .literal(team.commands.weather), "news": .literal(team.commands.news)])
        blocks.append(.block(Section.markdown(strings.helpHeader + "\n" + help)))
        return .home(blocks: blocks, callbackID: HomeIDs.homeCallback)
    }

    /// Remove, with a dialog first: a removal cannot be undone (only subscribed again).
    private func removeButton(for subscription: Subscription, _ strings: HomeStrings) -> ButtonElement {
        let values: [String: RichText] = [
            "channel": Self.channelMention(subscription.channel), "place": .text(subscription.title),
        ]
        let dialog = ConfirmationDialog(
            title: strings.removeTitle, markdown: fill(strings.removeText, values), confirm: strings.removeButton,
            deny: strings.keep, style: .danger)
        return ButtonElement(
            actionID: HomeIDs.unsubscribeAction, label: strings.removeButton, value: String(subscription.id), style: .danger,
            confirm: dialog)
    }

    private func settingsLine(_ strings: HomeStrings) -> String {
        let units: RichText = .text(strings.units[preferences.units ?? team.units] ?? "")
        guard let place = preferences.place, !place.isEmpty else {
            let line = team.place == nil ? strings.noPlaceAnywhere : strings.noPlace
            return fill(line, ["command": .literal(team.commands.weather), "units": units])
        }
        return fill(strings.yourPlace, ["place": .text(place), "units": units])
    }

    private func teamLine(_ strings: HomeStrings) -> String {
        let place: RichText = team.place.map { RichText.text($0) } ?? .markup(strings.noTeamPlace)
        return fill(strings.teamDefault, ["place": place, "units": .text(strings.units[team.units] ?? "")])
    }

    private func line(for subscription: Subscription, _ strings: HomeStrings) -> String {
        var values: [String: RichText] = [
            "channel": Self.channelMention(subscription.channel), "place": .text(subscription.title),
            "zone": .text(subscription.timeZone),
        ]
        var text: String
        if case .morning(let time, let days) = subscription.kind {
            let words = SubscriptionStrings.table(for: language)
            values["time"] = .literal(time.description)
            values["days"] = .text(days == .daily ? words.daily : words.weekdays)
            // A paused subscription has no next report until it is subscribed again.
            let next = subscription.pausedReason == nil ? subscription.nextReport(after: now) : nil
            values["next"] = .text(next.map { Self.wallClock($0, in: subscription.zone) } ?? "—")
            text = fill(strings.morningLine, values)
        } else {
            text = fill(strings.rainLine, values)
        }
        if let reason = subscription.pausedReason {
            text += "\n" + fill(strings.paused, ["reason": .text(reason)])
        }
        return text
    }

    private func fill(_ template: String, _ values: [String: RichText]) -> String {
        SlackRenderer.mrkdwn(RichText.fill(template, values))
    }

    /// `<#C0123>` for a channel id Slack could have sent; anything else is shown as escaped text.
    static func channelMention(_ channel: String) -> RichText {
        let isID = (1...40).contains(channel.count) && channel.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
        return isID ? .markup("<#\(channel)>") : .text(channel)
    }

    /// `2026-12-05 07:30` on the subscription's own clock (as `/weather subscriptions` writes it).
    static func wallClock(_ instant: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: instant)
        func two(_ value: Int?) -> String { (value ?? 0) < 10 ? "0\(value ?? 0)" : "\(value ?? 0)" }
        return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute))"
    }
}
