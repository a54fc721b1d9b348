import Foundation
import TenkiCore
import TenkiLogging
import TenkiServices

/// Answers presses on Tenki's buttons: the weather view a button asks for, of the place its value
/// carries, or the next page of headlines, replacing the message in place (`replace_original`)
/// through the delivery queue.
///
/// A value that does not decode is untrusted input gone wrong: no upstream is asked, and the
/// presser gets a short private note instead of a changed message.
struct ButtonPresses: InteractionResponder {
    let weather: WeatherService?
    let news: NewsCommandHandler
    let settings: Settings
    let clock: any WallClock
    let queue: DeliveryQueue
    let background: BackgroundWork
    let rateLimiter: UserRateLimiter

    func accept(_ interaction: InteractionPayload, logger: Logger) {
        guard interaction.type == "block_actions" else {
            logger.info("interaction ignored", [("type", String(interaction.type.prefix(40)))])
            return
        }
        guard let action = interaction.action else {
            logger.notice("block_actions without an action")
            return
        }
        let press = WeatherAction(actionID: action.actionID)
        guard press != nil || action.actionID == NewsButtonValue.actionID else {
            logger.notice("unknown action", [("action_id", String(action.actionID.prefix(80)))])
            return
        }
        guard let url = settings.allowedResponseHosts.permittedURL(interaction.responseURL, logger: logger) else { return }
        let user = UserKey(team: interaction.teamID ?? "", user: interaction.userID ?? "")
        guard let press else {
            background.start {
                _ = await post(await moreNews(action.value, user: user, logger: logger), to: url, logger: logger)
            }
            return
        }
        background.start {
            let message = await answer(press, value: action.value, user: user, logger: logger)
            let posted = await post(message, to: url, logger: logger)
            // Shared: the private copy goes only once the channel has the message.
            if press == .share, message.replaceOriginal == false, message.responseType == .inChannel, let posted,
               await queue.waitForOutcome(posted, timeout: Self.shareWait) == .delivered {
                _ = await post(body: Self.deleteOriginal, to: url, logger: logger)
            }
        }
    }

    /// Refresh asks the upstream anew only for an answer older than this: pressing it twice in a
    /// row costs one call, not two.
    static let refreshAge: TimeInterval = 60

    /// How long a share waits for its post before leaving the private copy in place.
    static let shareWait: Duration = .seconds(300)
    static let deleteOriginal = Array(#"{"delete_original":true}"#.utf8)

    /// The message the press leads to: the new view (replacing the pressed message), or a private
    /// note (beside it) when the press cannot be answered.
    func answer(_ press: WeatherAction, value encoded: String?, user: UserKey, logger: Logger) async -> SlackMessage {
        let value: WeatherButtonValue
        do {
            value = try WeatherButtonValue(encoded: encoded ?? "")
        } catch {
            logger.notice("unusable button value", [("reason", "\(error)")])
            let strings = ButtonStrings.table(for: settings.language)
            return note(ReplyStrings.fill(strings.unusableButton, ["command": settings.commandNames.weather]))
        }
        if press == .refresh, !rateLimiter.allow(user) {
            logger.notice("user rate limit reached", [("user", user.user)])
            return note(ReplyStrings.table(for: value.language).slowDown)
        }
        var next = value
        switch press {
        case .show(let view): next.view = view
        case .swapUnits: next.units = value.units.swapped
        case .refresh, .choosePlace, .share: break
        }
        if press == .share {
            // A new message in the channel, beside the private one (deleted once this is delivered).
            var message = await view(next, visibility: .inChannel, logger: logger).slack
            message.replaceOriginal = false
            return message
        }
        let maxAge = press == .refresh ? Self.refreshAge : nil
        var message = await view(next, visibility: settings.resultVisibility, maxAge: maxAge, logger: logger).slack
        message.replaceOriginal = true
        return message
    }

    /// `value.view` of `value`'s place, in its units and language; a failure is the usual notice.
    private func view(
        _ value: WeatherButtonValue, visibility: ChatMessage.Visibility, maxAge: TimeInterval? = nil, logger: Logger
    ) async -> ChatMessage {
        var settings = settings
        settings.language = value.language
        settings.resultVisibility = visibility
        let notices = NoticeMessages(
            language: settings.language, weatherCommand: settings.commandNames.weather, newsCommand: settings.commandNames.news)
        guard let weather else { return notices.weather(.notConfigured) }
        let lookup = WeatherLookup(service: weather, settings: settings, clock: clock, logger: logger, maxAge: maxAge)
        let place = Place(name: value.title, countryCode: "", coordinates: value.coordinates)
        do {
            switch value.view {
            case .now: return try await lookup.current(.known(place), units: value.units)
            case .forecast: return try await lookup.forecast(.known(place), units: value.units)
            }
        } catch {
            logger.log(error.isTemporary ? .warning : .notice, "weather lookup failed", [("error", error.description)])
            return notices.weather(WeatherCommandHandler.problem(for: error, query: value.title))
        }
    }

    /// The next page of headlines the value names, in place of the pressed message.
    func moreNews(_ encoded: String?, user: UserKey, logger: Logger) async -> SlackMessage {
        let value: NewsButtonValue
        do {
            value = try NewsButtonValue(encoded: encoded ?? "")
        } catch {
            logger.notice("unusable button value", [("reason", "\(error)")])
            let strings = ButtonStrings.table(for: settings.language)
            return note(ReplyStrings.fill(strings.unusableButton, ["command": settings.commandNames.news]))
        }
        var settings = settings
        settings.language = value.language
        let notices = NoticeMessages(
            language: settings.language, weatherCommand: settings.commandNames.weather, newsCommand: settings.commandNames.news)
        var message: SlackMessage
        if let feeds = news.feeds {
            let answer = FeedNewsAnswer(feeds: feeds.feeds, deadline: feeds.deadline, settings: settings, clock: clock)
            message = await answer.respond(to: value.text, page: value.page, logger: logger).slack
        } else if let service = news.news {
            let handler = NewsCommandHandler(news: service, feeds: nil, settings: settings, clock: clock, notices: notices)
            message = await handler.headlines(service, text: value.text, page: value.page, user: user, logger: logger).slack
        } else {
            return note(FeedReplyStrings.table(for: settings.language).notConfigured)
        }
        message.replaceOriginal = true
        return message
    }

    /// A private note beside the pressed message, which stays as it was.
    private func note(_ text: String) -> SlackMessage {
        var message = SlackMessage(text: text, responseType: .ephemeral)
        message.replaceOriginal = false
        return message
    }

    private func post(_ message: SlackMessage, to url: URL, logger: Logger) async -> DeliveryID? {
        await post(body: MessageEncoding.json(message), to: url, logger: logger)
    }

    /// Queued like every outgoing message: committed, paced, retried, within Slack's 30 minutes.
    /// Nil when the state refused it and it was posted once directly.
    private func post(body: [UInt8], to url: URL, logger: Logger) async -> DeliveryID? {
        let delivery = NewDelivery(
            kind: "interaction", destination: url, destinationKind: .responseURL, body: body, createdAt: clock.now())
        do {
            let id = try await queue.enqueue(delivery)
            logger.info("interaction answer queued", [("delivery", "\(id)")])
            return id
        } catch {
            logger.error("interaction answer could not be queued; posting it directly", [("error", error.description)])
            await queue.postUnqueued(delivery)
            return nil
        }
    }
}
