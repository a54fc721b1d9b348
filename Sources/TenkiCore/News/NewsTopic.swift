/// What a user asked `/news` for: a category's top headlines, or a free-text search.
public enum NewsTopic: Sendable, Hashable {
    /// Top headlines in a country, optionally narrowed to a category (nil: all categories).
    case headlines(NewsCategory?)
    /// A search across all sources (`/v2/everything`), text as typed, trimmed.
    case search(String)

    /// `""` → top headlines; `tech` or `スポーツ` → that category; anything else → a search.
    public init(userText: String) {
        let text = userText.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty {
            self = .headlines(nil)
        } else if let category = NewsCategory(userWord: text) {
            self = .headlines(category)
        } else {
            self = .search(text)
        }
    }
}
