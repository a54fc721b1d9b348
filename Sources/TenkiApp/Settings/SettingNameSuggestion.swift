/// Names the setting an unknown name was probably meant to be (`TENKI_UNIT` → `TENKI_UNITS`), for
/// the start-up warning about misspelt variables and `TENKI_CONFIG`'s unknown-key error.
enum SettingNameSuggestion {
    /// The prefixes of Tenki's settings: an environment variable with one of them that is not a
    /// setting is most likely a misspelt one.
    static let prefixes: Set<String> = Set(
        SettingsTable.names.compactMap { name in
            name.firstIndex(of: "_").map { String(name[...$0]) }
        })

    /// Environment variables that look like settings but are none, each with the closest setting
    /// when one is close, sorted by name. A secret's `NAME_FILE` form is a setting.
    static func misspelt(in environment: [String: String]) -> [(name: String, closest: String?)] {
        let known = SettingsTable.names.union(
            SettingsTable.declarations.filter(\.isSecret).map { $0.name + "_FILE" })
        return environment.keys.sorted().compactMap { name in
            guard !known.contains(name), prefixes.contains(where: { name.hasPrefix($0) }) else { return nil }
            return (name, closest(to: name))
        }
    }

    /// The setting nearest to `name` by edit distance, if any is within a third of its length.
    static func closest(to name: String) -> String? {
        let target = Array(name.uppercased().utf8)
        var best: (name: String, distance: Int)?
        for candidate in SettingsTable.names.sorted() {
            let distance = editDistance(target, Array(candidate.utf8))
            if distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        guard let best, best.distance <= max(2, name.count / 3) else { return nil }
        return best.name
    }

    /// Levenshtein distance: insertions, deletions and substitutions of one byte each cost 1.
    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
