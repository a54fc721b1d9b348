import Foundation
import TenkiCore
import TenkiLogging
import TenkiDelivery
import TenkiSlackAPI
import TenkiStorage

/// The Home tab and the two modals, for a deployment with a bot token (`SLACK_BOT_TOKEN`, or each
/// workspace's installation): building a user's tab and
/// publishing it (through the delivery queue: durable, paced per workspace, Retry-After honoured),
/// opening the modals with a `trigger_id`, and removing a subscription from the tab. Saving goes
/// through the text commands' own paths (`WeatherCommandHandler.savePreferences`,
/// `SubscriptionCommands.subscribe(_:logger:)`).
struct HomeSurfaces: Sendable {
    /// Whose bot token answers for each workspace: the Web API calls made here use the user's own.
    let workspaces: SlackWorkspaces
    let queue: DeliveryQueue
    let weather: WeatherCommandHandler
    let subscriptions: SubscriptionCommands
    let settings: Settings
    let clock: any WallClock

    var language: WeatherLanguage { settings.language }

    /// The user's Home tab as it is now: their saved place and units, the team's defaults, and the
    /// subscriptions they created in this workspace. A store that cannot be read shows as empty.
    func tab(for user: UserKey, logger: Logger) async -> SlackView {
        let saved = await savedPreferences(of: user, logger: logger)
        var mine: [Subscription] = []
        do {
            mine = try await subscriptions.store.subscriptions(team: user.team, createdBy: user.user)
        } catch {
            logger.warning("subscriptions unreadable for the Home tab", [("error", error.description)])
        }
        return HomeTab.view(preferences: saved, subscriptions: mine, now: clock.now(), language: language, settings: settings)
    }

    /// Queues `views.publish` of the user's tab (committed when this returns) and wakes the queue.
    /// False when the queue's state refused it (logged).
    @discardableResult
    func publish(for user: UserKey, logger: Logger) async -> Bool {
        let view = await tab(for: user, logger: logger)
        var delivery = NewDelivery.viewsPublish(
            view, userID: user.user, team: user.team, apiBase: settings.delivery.slackAPIBaseURL, createdAt: clock.now())
        // With many workspaces the queue sends it with this workspace's token, looked up when sent.
        if workspaces.isDistributed { delivery.installationKey = user.installationKey }
        do {
            try await queue.enqueue(delivery)
        } catch {
            logger.error("Home tab not queued", [("error", error.description)])
            return false
        }
        queue.wake()
        return true
    }

    /// Opens the preferences modal on what the user saved.
    func openPreferences(triggerID: String, for user: UserKey, logger: Logger) async -> Bool {
        let saved = await savedPreferences(of: user, logger: logger)
        let modal = PreferencesModal(preferences: saved, teamUnits: settings.units, language: language)
        return await open(modal.view, triggerID: triggerID, for: user, logger: logger)
    }

    /// Opens the subscribe modal on the user's saved place and `channel` (the command's; nil from
    /// the Home tab, where Slack starts on the current conversation).
    func openSubscribe(triggerID: String, channel: String?, for user: UserKey, logger: Logger) async -> Bool {
        let saved = await savedPreferences(of: user, logger: logger)
        let channel = channel.flatMap { SubscriptionRequest.isChannelID($0) ? $0 : nil }
        let modal = SubscribeModal(
            place: saved.place, channel: channel, language: language, metadata: ModalMetadata(channel: channel))
        return await open(modal.view, triggerID: triggerID, for: user, logger: logger)
    }

    /// The Web API client of the installation that answers `user` (by its key: their workspace's,
    /// or their organisation's org-wide one), or of the one bot token; nil when there is none.
    func client(for user: UserKey, logger: Logger) async -> SlackWebAPIClient? {
        guard case .token(let token) = await workspaces.token(forKey: user.installationKey) else {
            logger.warning("no bot token for this workspace's Home tab", [("team", user.team)])
            return nil
        }
        return workspaces.client(token)
    }

    private func open(_ view: SlackView, triggerID: String, for user: UserKey, logger: Logger) async -> Bool {
        guard let slack = await client(for: user, logger: logger) else { return false }
        do {
            try await slack.openView(view, triggerID: triggerID)
            return true
        } catch {
            // A spent or expired trigger (over 3 s): the user presses again.
            logger.warning("views.open refused", [("error", error.description)])
            return false
        }
    }

    /// A Remove press on the Home tab: removes the subscription only when this user created it in
    /// this workspace (the value comes back from the client), then refreshes the tab.
    func unsubscribe(value: String?, for user: UserKey, logger: Logger) async {
        guard let id = value.flatMap(HomeIDs.subscriptionID(fromValue:)) else {
            logger.notice("Home tab remove press without a subscription id")
            return
        }
        do {
            let found = try await subscriptions.store.subscriptions(team: user.team, createdBy: user.user).first { $0.id == id }
            if let found, found.team == user.team, found.createdBy == user.user {
                let removed = try await subscriptions.store.remove([id], team: found.team, channel: found.channel)
                logger.notice("subscriptions removed", [("count", String(removed)), ("channel", found.channel)])
            } else {
                logger.notice("Home tab remove refused: not this user's subscription", [("subscription", String(id))])
            }
        } catch {
            logger.error("subscription store failed", [("error", error.description)])
        }
        await publish(for: user, logger: logger)
    }

    private func savedPreferences(of user: UserKey, logger: Logger) async -> HomeTab.Preferences {
        do {
            let saved = try await weather.preferences.preferences(for: user)
            return HomeTab.Preferences(place: saved.place, units: saved.units)
        } catch {
            logger.warning("preferences unreadable for the Home tab", [("error", error.description)])
            return HomeTab.Preferences()
        }
    }
}

extension HomeTab {
    /// A user's Home tab with this deployment's defaults (`settings`' place and units) and command names.
    static func view(
        preferences: Preferences, subscriptions: [Subscription], now: Date, language: WeatherLanguage, settings: Settings
    ) -> SlackView {
        view(
            preferences: preferences,
            team: TeamDefaults(place: settings.defaultCity, units: settings.units, commands: settings.commandNames),
            subscriptions: subscriptions, now: now, language: language)
    }
}
