/// The row of buttons under every weather result: one per view, then units and refresh, and share
/// on a result only its caller sees. The view on show is the primary button; every button carries
/// the same `WeatherButtonValue`, and its `action_id` says what to do with it.
public struct WeatherButtons: Sendable {
    public let strings: ButtonStrings

    public init(language: WeatherLanguage) {
        strings = .table(for: language)
    }

    /// The views a message offers, in the order their buttons appear.
    public static let views: [WeatherView] = [.now, .hourly, .forecast, .air]

    public func row(for value: WeatherButtonValue, offersShare: Bool = false) -> ChatMessage.Part {
        let encoded = value.encoded
        var buttons = Self.views.map { view in
            ChatButton(actionID: view.actionID, label: strings.label(of: view), value: encoded, isPrimary: view == value.view)
        }
        buttons.append(ChatButton(actionID: WeatherAction.unitsActionID, label: strings.units(to: value.units.swapped), value: encoded))
        buttons.append(ChatButton(actionID: WeatherAction.refreshActionID, label: strings.refresh, value: encoded))
        if offersShare {
            buttons.append(ChatButton(actionID: WeatherAction.shareActionID, label: strings.share, value: encoded))
        }
        return .buttons(buttons)
    }

    /// The menu of other places with the same name: choosing one shows `view` there, in the same
    /// units. Nil when there are none.
    public func otherPlaces(_ places: [(title: String, coordinates: Coordinates)], view: WeatherView, units: Units) -> ChatMessage.Part? {
        guard !places.isEmpty else { return nil }
        let options = places.prefix(SlackLimits.selectOptions).map { place in
            ChatMenu.Option(
                label: place.title,
                value: WeatherButtonValue(
                    view: view, coordinates: place.coordinates, title: place.title, units: units, language: strings.language
                ).encoded)
        }
        return .menu(ChatMenu(actionID: WeatherAction.placeActionID, placeholder: strings.otherPlaces, options: options))
    }
}
