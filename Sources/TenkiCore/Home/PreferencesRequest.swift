/// A checked submission of the preferences modal: what to save, as `/weather set` would.
public struct PreferencesRequest: Sendable, Equatable {
    /// Nil: the field was left empty, so the saved place is forgotten (`/weather` alone then
    /// answers for the team's place).
    public var place: String?
    public var units: Units

    /// Reads and checks the `place` and `units` fields; every field's problem at once.
    public static func read(_ submission: ViewSubmission, language: WeatherLanguage) -> Result<PreferencesRequest, FieldErrors> {
        let strings = ModalStrings.table(for: language)
        var errors = FieldErrors()
        var place: String?
        let typed = submission[.place]?.value ?? ""
        if !typed.allSatisfy({ $0.isWhitespace }) {
            switch PlaceField.read(typed, strings: strings) {
            case .success(let text): place = text
            case .failure(let problem): errors = problem
            }
        }
        let units = submission[.units]?.selectedOption.flatMap(Units.init(rawValue:))
        if units == nil { errors.add(strings.choiceMissing, for: .units) }
        guard errors.isEmpty, let units else { return .failure(errors) }
        return .success(PreferencesRequest(place: place, units: units))
    }
}
