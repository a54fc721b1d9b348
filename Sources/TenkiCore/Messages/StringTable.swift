/// A table of Tenki's words with one instance per language: `english` and `japanese` hold every
/// message of the table, so a message cannot exist in one language only (the memberwise
/// initialiser asks for each). `table(for:)` picks one; callers never compare languages themselves.
public protocol StringTable: Sendable {
    static var english: Self { get }
    static var japanese: Self { get }
}

extension StringTable {
    /// Inlinable, so a caller in another target gets the concrete table's copy, not a generic call.
    @inlinable
    public static func table(for language: WeatherLanguage) -> Self {
        switch language {
        case .en: english
        case .ja: japanese
        }
    }
}
