/// NewsAPI's fixed list of `/v2/top-headlines` categories. The raw value is the `category`
/// query value. `/v2/everything` has no categories at all (it answers `parameterInvalid`).
public enum NewsCategory: String, Sendable, CaseIterable, Hashable {
    case business, entertainment, general, health, science, sports, technology

    /// Reads a word a user typed after `/news` (`tech`, `Sport`, `テクノロジー`), or nil when the
    /// word is not in the alias table: then it is a free-text search, never a guess.
    public init?(userWord: String) {
        let key = userWord.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard let category = Self.aliases[key] else { return nil }
        self = category
    }

    /// Every word that names a category, lowercased. Fixed on purpose: a fuzzy match would turn
    /// a search for `Tech Mahindra` or `sciences po` into a category the user did not ask for.
    public static let aliases: [String: NewsCategory] = {
        var table: [String: NewsCategory] = [:]
        for category in allCases { table[category.rawValue] = category }
        let extra: [String: NewsCategory] = [
            "tech": .technology, "テクノロジー": .technology, "技術": .technology,
            "テック": .technology,
            "biz": .business, "economy": .business, "finance": .business, "ビジネス": .business, "経済": .business,
            "sport": .sports, "スポーツ": .sports,
            "sci": .science, "科学": .science, "サイエンス": .science,
            "medical": .health, "健康": .health, "医療": .health, "ヘルス": .health,
            "entertain": .entertainment, "showbiz": .entertainment, "エンタメ": .entertainment,
            "エンターテインメント": .entertainment, "芸能": .entertainment,
            "top": .general, "headlines": .general, "総合": .general, "一般": .general,
        ]
        table.merge(extra) { first, _ in first }
        return table
    }()
}
