/// Bytes of log lines, written through a pointer: appending is a capacity check and a copy.
/// (`[UInt8].append(contentsOf:)` cost about 90 instructions a call, and a request's line makes
/// a dozen; this is what every line is formatted into, and what `BufferedLogSink` queues.)
/// Non-copyable: it owns its memory, and is moved (swapped) between the queue and the formatter.
struct LineBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>?
    private(set) var count = 0
    private(set) var capacity = 0

    init(capacity: Int = 0) {
        if capacity > 0 { reserve(capacity) }
    }

    deinit { base?.deallocate() }

    /// A copy of the bytes (for tests and one-off lines).
    var bytes: [UInt8] { withBytes { Array($0) } }

    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        body(UnsafeBufferPointer(start: base, count: count))
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { reserve(count + 1) }
        base.unsafelyUnwrapped[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        if capacity - count < bytes.count { reserve(count + bytes.count) }
        (base.unsafelyUnwrapped + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    /// A string's UTF-8, read in place (every string here is native, so contiguous;
    /// `String.UTF8View`'s iterator costs several times more per byte).
    @inline(__always)
    mutating func append(_ string: String) {
        LogLineFormatter.withUTF8(string) { append($0) }
    }

    /// A literal's bytes (`StaticString` points at them: no String at all).
    @inline(__always)
    mutating func append(ascii text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// Forgets the bytes from `newCount` on (a line that did not fit).
    mutating func truncate(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= count)
        count = newCount
    }

    /// Empties the buffer; keeps its memory unless that is more than `maximum` bytes.
    mutating func removeAll(keepingCapacityUpTo maximum: Int) {
        count = 0
        if capacity > maximum {
            base?.deallocate()
            base = nil
            capacity = 0
        }
    }

    /// Room for at least `minimum` bytes: doubles, so appending stays amortised constant.
    @inline(never)
    mutating func reserve(_ minimum: Int) {
        guard minimum > capacity else { return }
        let newCapacity = max(minimum, capacity * 2, 256)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        if let base {
            newBase.initialize(from: base, count: count)
            base.deallocate()
        }
        base = newBase
        capacity = newCapacity
    }
}
