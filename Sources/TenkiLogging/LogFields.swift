/// The fields of one line written by `Logger.log(_:_:fields:)`, in the order they are added.
///
/// For `BufferedLogSink` they are formatted straight into its queue (numbers as digits), so a
/// request's line makes no String, array or record on the way; for any other sink they are
/// collected as the strings `log(_:_:_:)` would have been given (`String(value)`,
/// `LogLineFormatter.twoDecimals(value)`), so the record, and therefore the line, is the same.
///
/// Non-copyable, because it may hold the sink's queue while the line is formatted.
public struct LogFields: ~Copyable {
    /// Where fields go: formatted into `bytes`, or collected (nil).
    let format: LogLineFormatter.Format?
    var bytes: LineBuffer
    private(set) var collected: [(key: String, value: String)]

    /// Fields formatted in `format`, appended to `bytes`.
    init(format: LogLineFormatter.Format, bytes: consuming LineBuffer) {
        self.format = format
        self.bytes = bytes
        self.collected = []
    }

    /// Fields collected after the logger's own metadata.
    init(collectingAfter metadata: [(key: String, value: String)]) {
        self.format = nil
        self.bytes = LineBuffer()
        self.collected = metadata
        collected.reserveCapacity(metadata.count + 8)
    }

    public mutating func add(_ key: String, _ value: String) {
        guard let format else {
            collected.append((key, value))
            return
        }
        LogLineFormatter.appendField(key, value, format: format, to: &bytes)
    }

    /// `add(key, String(value))`, without the String.
    public mutating func add(_ key: String, _ value: Int) {
        guard let format else {
            collected.append((key, String(value)))
            return
        }
        LogLineFormatter.appendKey(key, format: format, to: &bytes)
        LogLineFormatter.appendNumber(format: format, to: &bytes) { LogLineFormatter.appendDecimal(value, to: &$0) }
    }

    /// `add(key, LogLineFormatter.twoDecimals(value))` (`%.2f`: durations in milliseconds), without the String.
    public mutating func add(_ key: String, twoDecimals value: Double) {
        guard let format else {
            collected.append((key, LogLineFormatter.twoDecimals(value)))
            return
        }
        LogLineFormatter.appendKey(key, format: format, to: &bytes)
        LogLineFormatter.appendNumber(format: format, to: &bytes) { LogLineFormatter.appendTwoDecimals(value, to: &$0) }
    }
}
