/// The preferences modal (`callback_id` `tenki.preferences`): a place field (`place`, filled with
/// the saved place, optional: empty means "use the team's") and a units menu (`units`, on the
/// saved units, else the team's). What `/weather set` with nothing after it and the Home tab's
/// `tenki.home.preferences` button open.
public struct PreferencesModal: Sendable {
    public var preferences: HomeTab.Preferences
    public var teamUnits: Units
    public var language: WeatherLanguage
    public var metadata: ModalMetadata

    /// The longest place the field takes (Slack stops typing there; the submission re-checks).
    public static let placeMaxLength = 100

    public init(
        preferences: HomeTab.Preferences, teamUnits: Units, language: WeatherLanguage, metadata: ModalMetadata = ModalMetadata()
    ) {
        self.preferences = preferences
        self.teamUnits = teamUnits
        self.language = language
        self.metadata = metadata
    }

    public var view: SlackView {
        let strings = ModalStrings.table(for: language)
        let place = PlainTextInputElement(
            actionID: ModalField.place.rawValue, placeholder: strings.placePlaceholder, initialValue: preferences.place,
            maxLength: Self.placeMaxLength)
        let unitNames = HomeStrings.table(for: language).units
        let units = StaticSelectElement(
            actionID: ModalField.units.rawValue, placeholder: strings.unitsLabel, chosen: preferences.units ?? teamUnits
        ) { unitNames[$0] ?? $0.rawValue }
        let blocks: [SurfaceBlock] = [
            .input(
                InputBlock(
                    blockID: ModalField.place.rawValue, label: strings.placeLabel, element: .plainText(place),
                    hint: strings.placeHint + " " + strings.optionalPlaceHint, optional: true)),
            .input(InputBlock(blockID: ModalField.units.rawValue, label: strings.unitsLabel, element: .staticSelect(units))),
        ]
        return .modal(
            title: strings.preferencesTitle, blocks: blocks, callbackID: HomeIDs.preferencesCallback, submit: strings.save,
            close: strings.cancel, privateMetadata: metadata.encoded)
    }
}
