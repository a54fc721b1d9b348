/// A small, strict command-line reader: `--name value`, `--name=value`, boolean `--flag`, and
/// positional arguments. An unknown option or a missing value is a `UsageError` naming it.
struct ArgumentList {
    private(set) var positional: [String] = []
    private var values: [String: String] = [:]
    private var flags: Set<String> = []

    /// - Parameters:
    ///   - valueOptions: options that take a value (without the leading `--`).
    ///   - flagOptions: options that stand alone.
    init(_ arguments: some Sequence<String>, command: String, valueOptions: Set<String>, flagOptions: Set<String>) throws(UsageError) {
        var iterator = arguments.makeIterator()
        var onlyPositional = false
        while let argument = iterator.next() {
            if onlyPositional || !argument.hasPrefix("--") || argument == "--" {
                if argument == "--" && !onlyPositional { onlyPositional = true; continue }
                positional.append(argument)
                continue
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if flagOptions.contains(name) {
                guard inlineValue == nil else { throw UsageError("--\(name) takes no value", command: command) }
                flags.insert(name)
            } else if valueOptions.contains(name) {
                guard let value = inlineValue ?? iterator.next() else {
                    throw UsageError("--\(name) needs a value", command: command)
                }
                values[name] = value
            } else {
                throw UsageError("unknown option --\(name)", command: command)
            }
        }
    }

    func value(_ name: String) -> String? { values[name] }

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The value of `name` as a TCP port (0 means any free port).
    func port(_ name: String, command: String) throws(UsageError) -> Int? {
        guard let raw = values[name] else { return nil }
        guard let port = Int(raw), (0...65535).contains(port) else {
            throw UsageError("--\(name) must be a port number from 0 to 65535 (got \"\(raw)\")", command: command)
        }
        return port
    }
}

/// An operator's command on the service's state file (`tenki outbox [retry ID]`, `tenki
/// subscriptions [remove ID]`): no options, then an action word and its one ID, or nothing to
/// list. The words are checked before the file is opened (`open()`), so a usage error is a usage
/// error (64) wherever the state file is.
struct StateFileCommand {
    let name: String
    /// The word after the command; nil lists.
    let action: String?
    private let words: [String]

    init(_ name: String, _ arguments: [String]) throws(UsageError) {
        words = try ArgumentList(arguments, command: name, valueOptions: [], flagOptions: []).positional
        self.name = name
        action = words.first
    }

    /// The service's state file; 78 naming the path when it does not exist.
    func open() throws -> StateFile {
        try StateFile.existing(for: name)
    }

    /// The action's one ID as `parse` reads it; else a usage error saying `usage`.
    func id<ID>(usage: String, _ parse: (String) -> ID?) throws(UsageError) -> ID {
        guard words.count == 2, let id = parse(words[1]) else { throw UsageError(usage, command: name) }
        return id
    }
}
