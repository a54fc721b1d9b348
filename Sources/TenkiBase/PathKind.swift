import Foundation

/// What a path names, for the checks that must tell a folder from a file before they act (a state
/// file, a backup's destination, a recording folder, a chart file). Symbolic links are followed.
public enum PathKind: Sendable, Equatable {
    case nothing
    case file
    case folder
}

extension FileManager {
    public func kind(ofPath path: String) -> PathKind {
        var isDirectory: ObjCBool = false
        guard fileExists(atPath: path, isDirectory: &isDirectory) else { return .nothing }
        return isDirectory.boolValue ? .folder : .file
    }

    /// The folder a file at `path` would be written in, when it is not a folder that exists; nil
    /// when the file can go there.
    public func missingFolder(for path: String) -> String? {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return kind(ofPath: folder) == .folder ? nil : folder
    }

    /// The size of the file at `path` in bytes; 0 when it cannot be read.
    public func size(ofPath path: String) -> Int {
        ((try? attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }
}
