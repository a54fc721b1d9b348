/// The row of buttons under every weather result: one per view, then units and refresh, and share
/// on a result only its caller sees. The view on show is the primary button; every button carries
/// the same `WeatherButtonValue`, and its `action_id` says what to do with it.
public struct WeatherButtons: Sendable {
    public let strings: ButtonStrings

    public init(language: WeatherLanguage) {
        strings = .table(for: language)
    }

    /// The views a message offers, in the order their buttons appear.
    public static let views: [WeatherView] = [.now, .forecast]

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

/// The words on Tenki's buttons, per language.
public struct ButtonStrings: Sendable {
    public var now: String
    public var forecast: String
    public var refresh: String
    public var share: String
    public var moreNews: String
    /// The menu's words before a choice.
    public var otherPlaces: String
    public var language: WeatherLanguage
    /// `{units}`: the symbol the button switches to (`°F`).
    public var unitsTemplate: String
    /// The note for a press whose value Tenki cannot use (changed, or from an older message).
    public var unusableButton: String

    public func label(of view: WeatherView) -> String {
        switch view {
        case .now: now
        case .forecast: forecast
        }
    }

    public func units(to units: Units) -> String {
        ReplyStrings.fill(unitsTemplate, ["units": units.temperatureSymbol])
    }

    public static func table(for language: WeatherLanguage) -> ButtonStrings {
        switch language {
        case .en: english
        case .ja: japanese
        }
    }

    public static let english = ButtonStrings(
        now: "Now", forecast: "5-day", refresh: "🔄 Refresh", share: "📣 Share in channel", moreNews: "More headlines",
        otherPlaces: "Other places with this name", language: .en, unitsTemplate: "Show in {units}",
        unusableButton: "⚠️ That button cannot be used any more. Run {command} again for a fresh answer.")

    public static let japanese = ButtonStrings(
        now: "現在", forecast: "5日間", refresh: "🔄 更新", share: "📣 チャンネルに共有", moreNews: "次の見出し",
        otherPlaces: "同じ名前の他の場所", language: .ja, unitsTemplate: "{units}で表示",
        unusableButton: "⚠️ このボタンは使えなくなりました。{command} をもう一度実行してください。")
}
