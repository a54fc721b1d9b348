import Foundation
import TenkiBase
import TenkiStorage

/// `tenki backup PATH`: a consistent copy of the SQLite state at PATH, taken with SQLite's online
/// backup while `serve` keeps running (the outside contract). Copies without migrating or validating.
///
/// Refuses a state file that does not exist (78, naming the path it looked at) and a PATH that
/// already exists (64: a backup never overwrites another); a copy that fails for the disk or a
/// lock exits 75 and leaves no file at PATH.
enum BackupCommand {
    static func run(_ arguments: [String]) async throws -> ExitCode {
        let list = try ArgumentList(arguments, command: "backup", valueOptions: [], flagOptions: [])
        guard list.positional.count == 1, let destination = list.positional.first, !destination.isEmpty else {
            throw UsageError(
                "backup needs one PATH to write the copy to, e.g. tenki backup /backups/tenki.sqlite", command: "backup")
        }
        let settings = try Settings.load()
        let written = try backUp(settings: settings, to: destination)
        TenkiCLI.printOutput("backed up \(settings.statePath) to \(written) (\(FileManager.default.size(ofPath: written)) bytes)")
        return .success
    }

    /// The copy itself; returns the destination path. Pure of printing, so tests call it directly.
    static func backUp(settings: Settings, to destination: String) throws -> String {
        if settings.databaseURL != nil {
            throw ConfigurationError(
                \.databaseURL, problem: "is set: the state is in PostgreSQL, not in a file tenki can copy",
                fix: "back it up with pg_dump (or your provider's snapshots)")
        }
        try StateFile.requireExisting(settings, command: "backup")
        guard !FileManager.default.fileExists(atPath: destination) else {
            throw UsageError(
                "\(destination) already exists; a backup never overwrites a file, choose a new name", command: "backup")
        }
        if let folder = FileManager.default.missingFolder(for: destination) {
            throw UsageError("\(folder) is not a folder that exists; create it first, or choose another PATH", command: "backup")
        }
        do {
            try SQLiteBackup.copy(from: settings.statePath, to: destination)
        } catch {
            throw TemporaryFailure(
                "backing up \(settings.statePath) to \(destination) failed (\(error)); nothing was written there")
        }
        return destination
    }
}
