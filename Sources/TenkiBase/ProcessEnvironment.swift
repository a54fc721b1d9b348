#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Foundation
#endif

/// The process's environment variables, read from `environ` as bytes.
///
/// Every command reads the environment once at start (the settings). `ProcessInfo.processInfo.environment`
/// builds the same dictionary but finds each entry's `=` a `Character` at a time, about 0.45 M
/// instructions for a container's few dozen variables, at every call; this splits each entry at its
/// first `=` byte. Where a name occurs twice the first entry wins, as with `getenv`; an entry without
/// `=` is skipped. Bytes that are not UTF-8 are repaired (U+FFFD), as Foundation does.
public enum ProcessEnvironment {
    /// Every variable, by name.
    public static func variables() -> [String: String] {
        #if canImport(Glibc)
        return variables(in: environ)
        #else
        return ProcessInfo.processInfo.environment
        #endif
    }

    #if canImport(Glibc)
    /// The variables of an `environ`-shaped list (`NAME=value` strings up to a null pointer).
    public static func variables(in entries: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> [String: String] {
        var variables: [String: String] = [:]
        var next = entries
        while let entry = next.pointee {
            let start = UnsafeRawPointer(entry).assumingMemoryBound(to: UInt8.self)
            let bytes = UnsafeBufferPointer(start: start, count: strlen(entry))
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<equals]), as: UTF8.self)
                if variables[name] == nil {
                    variables[name] = String(decoding: UnsafeBufferPointer(rebasing: bytes[(equals + 1)...]), as: UTF8.self)
                }
            }
            next += 1
        }
        return variables
    }
    #endif

    /// One variable, or nil when it is not set.
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
