/// The words of the preferences and subscribe modals and of their field errors, in English and
/// Japanese. Titles, submit and close words stay within 24 characters (`SlackLimits.viewTitle`).
public struct ModalStrings: StringTable {
    public var preferencesTitle: String
    public var subscribeTitle: String
    public var save: String
    public var subscribe: String
    public var cancel: String
    public var close: String
    public var placeLabel: String
    public var placeHint: String
    public var placePlaceholder: String
    /// The preferences modal's place may be left empty: then `/weather` alone uses the team's.
    public var optionalPlaceHint: String
    public var unitsLabel: String
    public var channelLabel: String
    public var channelHint: String
    public var channelPlaceholder: String
    public var timeLabel: String
    public var timeHint: String
    public var daysLabel: String
    public var daily: String
    public var weekdays: String
    public var kindLabel: String
    public var kindHint: String
    public var morning: String
    public var rain: String
    // Field errors, shown under the field (`response_action: errors`).
    public var placeMissing: String
    /// `{max}`: the longest place accepted.
    public var placeTooLong: String
    public var placeWithoutLetters: String
    /// Coordinates out of range, or text that reads as neither a name nor coordinates.
    public var placeNotAPlace: String
    /// `{place}`: what was typed.
    public var placeNotFound: String
    public var choiceMissing: String
    public var channelMissing: String
    public var channelInvalid: String
    public var notInChannel: String
    /// `{error}`: Slack's error code.
    public var channelRefused: String
    /// `{count}`: the channel's limit.
    public var channelFull: String
    public var timeMissing: String
    /// `{time}`: what came back.
    public var timeInvalid: String
    // The interim view while a check runs past Slack's 3 seconds.
    public var checkingTitle: String
    /// `{place}`: the place being looked up.
    public var checking: String

    public static let english = ModalStrings(.en)
    public static let japanese = ModalStrings(.ja)
}

extension ModalStrings {
    /// Each message in English, then in Japanese, side by side: the form's words are short and
    /// many, and a field's label, hint and errors read best next to their translation.
    private init(_ language: WeatherLanguage) {
        func say(_ english: String, _ japanese: String) -> String { language == .ja ? japanese : english }
        self.init(
            preferencesTitle: say("Your place and units", "場所と単位"),
            subscribeTitle: say("Subscribe a channel", "チャンネルで購読"),
            save: say("Save", "保存"),
            subscribe: say("Subscribe", "購読"),
            cancel: say("Cancel", "キャンセル"),
            close: say("Close", "閉じる"),
            placeLabel: say("Place", "場所"),
            placeHint: say(
                "A city (Danang), with its country if needed (Da Nang, VN), or coordinates (16.05,108.22).",
                "都市名（東京）、必要なら国名つき（Da Nang, VN）、または座標（16.05,108.22）。"),
            placePlaceholder: say("Danang", "東京"),
            optionalPlaceHint: say("Leave it empty to use the team's place.", "空にするとチームの場所を使います。"),
            unitsLabel: say("Units", "単位"),
            channelLabel: say("Channel", "チャンネル"),
            channelHint: say("Tenki must be in the channel: /invite @Tenki", "Tenki がチャンネルにいる必要があります: /invite @Tenki"),
            channelPlaceholder: say("Choose a channel", "チャンネルを選択"),
            timeLabel: say("Time", "時刻"),
            timeHint: say("In your Slack time zone. Rain alerts ignore it.", "あなたの Slack のタイムゾーンで。雨のお知らせでは使いません。"),
            daysLabel: say("Days", "曜日"),
            daily: say("Every day", "毎日"),
            weekdays: say("Weekdays (Monday to Friday)", "平日（月〜金）"),
            kindLabel: say("What to post", "投稿する内容"),
            kindHint: say(
                "Rain alerts come when rain is 60 % likely within 6 hours, at most once a day, never at night.",
                "雨のお知らせは 6 時間以内の降水確率が 60 % 以上のときに、1 日 1 回まで、夜間を除いて送ります。"),
            morning: say("Morning report", "朝の天気"),
            rain: say("Rain alerts", "雨のお知らせ"),
            placeMissing: say("Type a place, for example Danang.", "場所を入力してください（例: 東京）。"),
            placeTooLong: say("A place has at most {max} characters.", "場所は {max} 文字までです。"),
            placeWithoutLetters: say("A place needs a letter or a digit.", "場所には文字か数字が必要です。"),
            placeNotAPlace: say(
                "That is not a place: type a name (Da Nang, VN), or a latitude from -90 to 90 and a longitude "
                    + "from -180 to 180 (16.05,108.22).",
                "場所として読めません。名前（Da Nang, VN）か、緯度 -90〜90・経度 -180〜180 の座標（16.05,108.22）を"
                    + "入力してください。"),
            placeNotFound: say(
                "No place called “{place}” was found: check the spelling, or add the country (Da Nang, VN).",
                "「{place}」という場所は見つかりませんでした。つづりを確かめるか、国名を加えてください（Da Nang, VN）。"),
            choiceMissing: say("Choose one.", "一つ選んでください。"),
            channelMissing: say("Choose a channel.", "チャンネルを選んでください。"),
            channelInvalid: say("Choose a channel: direct messages cannot be subscribed.", "チャンネルを選んでください。ダイレクトメッセージは購読できません。"),
            notInChannel: say(
                "Tenki is not in this channel yet: invite it with /invite @Tenki, then press Subscribe again.",
                "Tenki はまだこのチャンネルにいません。/invite @Tenki で招待してから、もう一度「購読」を押してください。"),
            channelRefused: say("Slack refused Tenki's post in this channel ({error}).", "Slack がこのチャンネルへの投稿を拒否しました（{error}）。"),
            channelFull: say(
                "This channel already has {count} subscriptions, the most it may hold: remove one first.",
                "このチャンネルの購読はすでに上限の {count} 件です。先に一つ解除してください。"),
            timeMissing: say("Choose a time.", "時刻を選んでください。"),
            timeInvalid: say("“{time}” is not a time of day.", "「{time}」は時刻ではありません。"),
            checkingTitle: say("Checking…", "確認中…"),
            checking: say(
                "⏳ Looking up *{place}* and checking the channel. This takes a few seconds.",
                "⏳ *{place}* を調べ、チャンネルを確認しています。数秒かかります。"))
    }
}
