import Foundation
import TenkiCore

/// The Home tab's and the modals' sample data: a user in Da Nang, a team in Tokyo, and up to ten
/// subscriptions in several channels and zones, one of them paused and one a rain alert.
enum HomeSamples {
    static let now = Date(timeIntervalSince1970: 1_796_083_200)  // 2026-12-01 00:00 UTC, a Tuesday
    static let preferences = HomeTab.Preferences(place: "Da Nang", units: .metric)
    static let team = HomeTab.TeamDefaults(place: "Tokyo", units: .metric)

    static let places: [(String, Double, Double, String)] = [
        ("Da Nang, VN", 16.07, 108.22, "Asia/Ho_Chi_Minh"), ("Tokyo, JP", 35.68, 139.76, "Asia/Tokyo"),
        ("London, GB", 51.51, -0.13, "Europe/London"), ("Chicago, US", 41.88, -87.63, "America/Chicago"),
        ("Seattle, US", 47.61, -122.33, "America/Los_Angeles"), ("Sydney, AU", -33.87, 151.21, "Australia/Sydney"),
        ("Hamburg, DE", 53.55, 9.99, "Europe/Berlin"), ("Hội An & <Old Town>", 15.88, 108.33, "Asia/Ho_Chi_Minh"),
        ("Sapporo, JP", 43.06, 141.35, "Asia/Tokyo"), ("Hue, VN", 16.46, 107.59, "Asia/Ho_Chi_Minh"),
    ]

    /// `count` subscriptions created by `U0HOME`: the second is a rain alert, the third paused.
    static func subscriptions(_ count: Int, language: WeatherLanguage = .en) -> [Subscription] {
        (0..<count).map { index in
            let (title, latitude, longitude, zone) = places[index % places.count]
            let kind: Subscription.Kind =
                index == 1
                ? .rain : .morning(LocalTime(hour: 6 + index % 3, minute: 15 * (index % 4))!, index % 2 == 0 ? .daily : .weekdays)
            return Subscription(
                id: Int64(index + 1), team: "T0TENKI", channel: "C0CHAN\(index)", kind: kind, title: title,
                coordinates: Coordinates(latitude: latitude, longitude: longitude), timeZone: zone, language: language,
                units: .metric,
                createdBy: "U0HOME", createdAt: now.addingTimeInterval(-86_400), deadInARow: index == 2 ? 3 : 0,
                pausedReason: index == 2 ? "not_in_channel" : nil)
        }
    }

    static func home(_ count: Int, language: WeatherLanguage) -> SlackView {
        HomeTab.view(
            preferences: preferences, team: team, subscriptions: subscriptions(count, language: language), now: now,
            language: language)
    }

    static func preferencesModal(_ language: WeatherLanguage) -> SlackView {
        PreferencesModal(preferences: preferences, teamUnits: team.units, language: language).view
    }

    static func subscribeModal(_ language: WeatherLanguage) -> SlackView {
        SubscribeModal(
            place: preferences.place, channel: "C0CHAN0", language: language,
            metadata: ModalMetadata(channel: "C0CHAN0", zone: "Asia/Ho_Chi_Minh")
        ).view
    }

    /// The subscribe form brought back after "Checking…": the place was not found.
    static func returnedSubscribeModal(_ language: WeatherLanguage) -> SlackView {
        let request = SubscriptionRequest(
            place: "Dananng", channel: "C0CHAN0", kind: .morning(LocalTime(hour: 6, minute: 45)!, .weekdays))
        guard case .errors(let errors) = ViewSubmissionResponse.placeNotFound(request.place, language: language) else {
            return SubscribeModal(returning: request, problem: "?", language: language).view
        }
        return SubscribeModal(returning: request, problem: errors.markdown, language: language).view
    }

    /// Every view golden by file stem.
    static func views(_ language: WeatherLanguage) -> [(String, SlackView)] {
        [
            ("home-0", home(0, language: language)), ("home-1", home(1, language: language)),
            ("home-10", home(10, language: language)), ("modal-preferences", preferencesModal(language)),
            ("modal-subscribe", subscribeModal(language)),
            ("modal-checking", ModalNotice.checking(place: "Da Nang", language: language).view),
            ("modal-subscribe-returned", returnedSubscribeModal(language)),
        ]
    }
}
