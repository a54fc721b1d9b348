import Foundation
import Synchronization
import TenkiCore
import TenkiLogging
import TenkiProviders
import TenkiStorage

/// Rain subscriptions, checked every `RainAlertRule.checkInterval` on the scheduler's rounds:
/// one forecast per place however many channels watch it, then an alert for each subscription
/// whose place will likely see rain (`RainAlertRule`), claimed in the ledger under its local day
/// in the same transaction that queues it, so a day has one alert across restarts and replicas.
final class RainAlerts: Sendable {
    let store: any SubscriptionStore
    let weather: WeatherService?
    let ledger: any DigestLedger
    /// `SLACK_API_BASE_URL`.
    let apiBase: URL
    private let lastCheck = Mutex<Date?>(nil)

    init(store: any SubscriptionStore, weather: WeatherService?, ledger: any DigestLedger, apiBase: URL) {
        self.store = store
        self.weather = weather
        self.ledger = ledger
        self.apiBase = apiBase
    }

    /// When the next check is due (at once before the first).
    func nextCheck(after now: Date) -> Date {
        lastCheck.withLock { $0 }.map { $0.addingTimeInterval(RainAlertRule.checkInterval) } ?? now
    }

    /// One check when due; the alerts it queued, by ledger name.
    func checkIfDue(now: Date, logger: Logger) async -> [String: DigestRunner.Outcome] {
        guard nextCheck(after: now) <= now else { return [:] }
        lastCheck.withLock { $0 = now }
        let watching: [Subscription]
        do {
            watching = try await store.all().filter { $0.kind == .rain && $0.pausedReason == nil }
        } catch {
            logger.error("rain subscriptions could not be read", [("error", error.description)])
            return [:]
        }
        guard let weather, !watching.isEmpty else { return [:] }
        let forecasts = await Self.forecasts(for: Set(watching.map(\.coordinates)), weather: weather, logger: logger)
        var outcomes: [String: DigestRunner.Outcome] = [:]
        for subscription in watching {
            guard !RainAlertRule.isQuiet(now, in: subscription.zone), let forecast = forecasts[subscription.coordinates],
                  let rain = RainAlertRule.likelyRain(in: forecast, now: now) else { continue }
            let slot = RainAlertRule.day(of: now, in: subscription.zone)
            do {
                guard try await ledger.entry(digest: subscription.ledgerName, slot: slot) == nil else { continue }
                var delivery = NewDelivery.chatPostMessage(
                    channel: subscription.channel, message: Self.alert(subscription, rain).slack, kind: subscription.ledgerName,
                    apiBase: apiBase, createdAt: now)
                delivery.installationKey = subscription.installationKey
                switch try await ledger.claim(
                    digest: subscription.ledgerName, slot: slot, delivery: delivery, headlineURLs: [], replacing: false)
                {
                case .claimed(let id):
                    logger.notice("rain alert queued", [("subscription", String(subscription.id)), ("delivery", "\(id)")])
                    outcomes[subscription.ledgerName] = .posted(slot: slot, delivery: id)
                case .alreadyClaimed(let id):
                    outcomes[subscription.ledgerName] = .alreadyPosted(slot: slot, delivery: id)
                }
            } catch {
                logger.error("rain alert not queued", [("subscription", String(subscription.id)), ("error", error.description)])
            }
        }
        return outcomes
    }

    /// Each place's forecast, all at once; a place whose forecast fails is left out (logged).
    static func forecasts(
        for places: Set<Coordinates>, weather: WeatherService, logger: Logger
    ) async -> [Coordinates: Forecast] {
        await withTaskGroup(of: (Coordinates, Forecast?).self) { group in
            for place in places {
                group.addTask { () async -> (Coordinates, Forecast?) in
                    do throws(OpenWeatherError) {
                        // Checked every 30 minutes: an answer older than that is asked again.
                        return (place, try await weather.forecast(at: place, maxAge: RainAlertRule.checkInterval - 60).value)
                    } catch {
                        logger.warning("rain check forecast failed", [("place", place.description), ("error", error.description)])
                        return (place, nil)
                    }
                }
            }
            var forecasts: [Coordinates: Forecast] = [:]
            for await (place, forecast) in group { forecasts[place] = forecast }
            return forecasts
        }
    }

    /// "Rain is likely in Da Nang, VN: 70 % chance around 15:00 (Asia/Ho_Chi_Minh)."
    static func alert(_ subscription: Subscription, _ rain: Forecast.Entry) -> ChatMessage {
        let strings = SubscriptionStrings.table(for: subscription.language)
        let local = SubscriptionCommands.localTime(rain.time, in: subscription.zone)
        let text = RichText.fill(strings.rainAlert, [
            "place": .text(subscription.title), "chance": .literal(String(Int(((rain.precipitationProbability ?? 0) * 100).rounded()))),
            "time": .literal(String(local.suffix(5))), "zone": .text(subscription.timeZone),
        ])
        return ChatMessage(summary: text, parts: [.paragraph(text, image: nil)], visibility: .inChannel)
    }
}
