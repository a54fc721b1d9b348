/// The lines `BufferedLogSink` has queued, in chunks of about `chunkSize` bytes: a line is formatted
/// at the end of `current`, which is sealed into `filled` once it reaches the chunk size; the writer
/// takes every chunk at once and hands the emptied ones back for reuse.
///
/// Why chunks: one buffer that doubles to hold a batch, swapped with a spare of the same size, kept
/// twice a batch's size resident, and more again in the allocator's free lists after each doubling
/// (1.4–1.6 MiB at 90,000 info lines a second, docs/performance.md, "Memory"). Chunks of one size are
/// reused as they are: what stays resident is the bytes in flight and a few spares.
///
/// Not thread-safe: `BufferedLogSink` holds its lock around every call.
struct LineQueue: ~Copyable {
    /// A sealed chunk. A class, so that chunks can sit in arrays while their buffer stays non-copyable.
    final class Chunk {
        var bytes: LineBuffer

        init(_ bytes: consuming LineBuffer) {
            self.bytes = bytes
        }
    }

    let chunkSize: Int
    /// Emptied chunks kept for reuse: enough for a batch at the listener's fastest, no more.
    let maxSpares: Int
    /// The chunk lines are appended to.
    var current: LineBuffer
    private var filled: [Chunk] = []
    private var spares: [Chunk] = []
    private var filledBytes = 0

    init(chunkSize: Int = 64 * 1024, maxSpares: Int = 8) {
        self.chunkSize = chunkSize
        self.maxSpares = maxSpares
        self.current = LineBuffer(capacity: chunkSize)
    }

    /// Bytes queued, in every chunk.
    var count: Int { filledBytes + current.count }

    /// Seals `current` once less than a sixteenth of a chunk is left (4 KiB of 64: room for any
    /// usual line, so a chunk rarely has to grow); call after each whole line, so a line never
    /// straddles two chunks and `current.truncate(to:)` can still take the last one back.
    mutating func sealIfFull() {
        if current.count >= chunkSize - chunkSize / 16 { seal() }
    }

    /// Every queued chunk, oldest first, leaving the queue empty.
    mutating func takeAll() -> [Chunk] {
        if current.count > 0 { seal() }
        defer {
            filled = []
            filledBytes = 0
        }
        return filled
    }

    /// Takes back chunks the writer has written: emptied, and kept while there are fewer than
    /// `maxSpares` (a chunk grown past the chunk size by one long line gives its memory back).
    mutating func recycle(_ chunks: [Chunk]) {
        for chunk in chunks where spares.count < maxSpares {
            chunk.bytes.removeAll(keepingCapacityUpTo: chunkSize)
            spares.append(chunk)
        }
    }

    private mutating func seal() {
        let chunk = spares.popLast() ?? Chunk(LineBuffer())
        swap(&chunk.bytes, &current)
        if current.capacity < chunkSize { current.reserve(chunkSize) }
        filledBytes += chunk.bytes.count
        filled.append(chunk)
    }
}
