#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Blocking writes to a file descriptor, for the logger's sinks and the command line's output.
public enum DescriptorOutput {
    /// Writes all of `bytes` to `descriptor`, looping on short writes and on EINTR. When the descriptor refuses (a reader
    /// gone: EPIPE, since the process ignores SIGPIPE; a full disk: ENOSPC; a closed descriptor) the rest is dropped:
    /// output nobody can take is no reason to fail, let alone to crash. Returns whether everything was written.
    @discardableResult
    public static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, base + offset, bytes.count - offset)
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }

    /// Writes all of `text`'s UTF-8 to `descriptor`, as `writeAll(_:to:)` does for bytes.
    @discardableResult
    public static func writeAll(_ text: String, to descriptor: Int32) -> Bool {
        var text = text
        return text.withUTF8 { writeAll($0, to: descriptor) }
    }
}
