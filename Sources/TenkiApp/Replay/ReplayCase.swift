import Foundation
import TenkiBase

/// A replay file with the name it is reported under. A file that does not parse is still a case,
/// so that it is counted and reported as failed instead of stopping the whole run.
public struct ReplayCase: Sendable {
    /// The path as given on the command line (or joined under a given folder), or an embedded name.
    public var name: String
    public var contents: Result<ReplayFile, ReplayFileError>

    public init(name: String, contents: Result<ReplayFile, ReplayFileError>) {
        self.name = name
        self.contents = contents
    }

    public init(name: String, file: ReplayFile) {
        self.init(name: name, contents: .success(file))
    }

    /// Parses `data` as a replay file named `name`.
    public init(name: String, data: Data) {
        self.init(name: name, contents: Result { () throws(ReplayFileError) in try ReplayFile.decode(data) })
    }

    /// Reads every case under `paths`: files as given, folders recursively (`*.json`, sorted by
    /// path so runs are reproducible). A path that does not exist is a usage error.
    public static func load(_ paths: [String]) throws(ReplayLoadError) -> [ReplayCase] {
        var cases: [ReplayCase] = []
        for path in paths {
            let kind = FileManager.default.kind(ofPath: path)
            guard kind != .nothing else { throw ReplayLoadError(reason: .noSuchPath, path: path) }
            let files = kind == .folder ? jsonFiles(under: path) : [path]
            if kind == .folder, files.isEmpty { throw ReplayLoadError(reason: .emptyFolder, path: path) }
            for file in files {
                do {
                    let data = try Data(contentsOf: URL(fileURLWithPath: file))
                    cases.append(ReplayCase(name: file, data: data))
                } catch {
                    cases.append(ReplayCase(name: file, contents: .failure(.unreadable(error.localizedDescription))))
                }
            }
        }
        return cases
    }

    static func jsonFiles(under folder: String) -> [String] {
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        let relative = FileManager.default.subpaths(atPath: base) ?? []
        return relative.filter { $0.hasSuffix(".json") }.sorted().map { "\(base)/\($0)" }
    }
}

/// A PATH argument of `tenki replay` that names nothing to replay, and why.
public struct ReplayLoadError: Error, Sendable, CustomStringConvertible {
    public enum Reason: String, Sendable {
        case noSuchPath = "no such file or folder"
        case emptyFolder = "no replay files (*.json) in the folder"
    }

    public var reason: Reason
    public var path: String

    public var description: String { "\(reason.rawValue): \(path)" }
}
