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
}
