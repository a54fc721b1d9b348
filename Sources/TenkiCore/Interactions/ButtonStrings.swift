/// The words on Tenki's buttons, per language.
public struct ButtonStrings: StringTable {
    public var now: String
    public var hourly: String
    public var forecast: String
    public var air: String
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
    /// The note for 📣 Share pressed on a message the channel already sees.
    public var alreadyInChannel: String

    public func label(of view: WeatherView) -> String {
        switch view {
        case .now: now
        case .hourly: hourly
        case .forecast: forecast
        case .air: air
        }
    }

    public func units(to units: Units) -> String {
        ReplyStrings.fill(unitsTemplate, ["units": units.temperatureSymbol])
    }

    public static let english = ButtonStrings(
        now: "Now", hourly: "Hourly", forecast: "5-day", air: "Air quality", refresh: "🔄 Refresh", share: "📣 Share in channel", moreNews: "More headlines",
        otherPlaces: "Other places with this name", language: .en, unitsTemplate: "Show in {units}",
        unusableButton: "⚠️ That button cannot be used any more. Run {command} again for a fresh answer.",
        alreadyInChannel: "This message is already in the channel, so there is nothing to share.")

    public static let japanese = ButtonStrings(
        now: "現在", hourly: "毎時", forecast: "5日間", air: "大気", refresh: "🔄 更新", share: "📣 チャンネルに共有", moreNews: "次の見出し",
        otherPlaces: "同じ名前の他の場所", language: .ja, unitsTemplate: "{units}で表示",
        unusableButton: "⚠️ このボタンは使えなくなりました。{command} をもう一度実行してください。",
        alreadyInChannel: "このメッセージはすでにチャンネルに表示されているので、共有するものはありません。")
}
