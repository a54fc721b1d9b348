import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file or JSON operation failed, in the words a person reads ("No such file or directory",
/// "Unexpected end of file"), instead of Foundation's `Error Domain=NSCocoaErrorDomain Code=4 …`
/// dump: the system's reason when Foundation carries one (or its file error stands for one), else
/// its debug description or its localized description.
public enum FileErrorText {
    public static func reason(_ error: any Error) -> String {
        let failure = error as NSError
        if failure.domain == NSPOSIXErrorDomain { return systemReason(failure.code) }
        if let underlying = failure.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return systemReason(underlying.code)
        }
        if failure.domain == NSCocoaErrorDomain, let code = systemCodes[failure.code] { return systemReason(Int(code)) }
        if let debug = failure.userInfo[NSDebugDescriptionErrorKey] as? String, !debug.isEmpty { return debug }
        let described = failure.localizedDescription
        return described.isEmpty || described == "(null)" ? "error \(failure.code)" : described
    }

    /// Foundation's file errors that are one system error each.
    private static let systemCodes: [Int: Int32] = [
        NSFileNoSuchFileError: ENOENT, NSFileReadNoSuchFileError: ENOENT,
        NSFileReadNoPermissionError: EACCES, NSFileWriteNoPermissionError: EACCES,
        NSFileWriteFileExistsError: EEXIST, NSFileWriteOutOfSpaceError: ENOSPC, NSFileWriteVolumeReadOnlyError: EROFS,
    ]

    private static func systemReason(_ code: Int) -> String { errnoText(Int32(truncatingIfNeeded: code)) }
}

/// The system's words for an `errno` value ("Connection refused"), as `strerror` gives them; by
/// default for the current `errno`, so call it before anything else can change it.
public func errnoText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }
