import Testing

@testable import TenkiLogging

@Suite("LineQueue")
struct LineQueueTests {
    /// Appends `line` as the sink does: at the end of `current`, then a seal when the chunk is full.
    private func enqueue(_ line: String, to queue: inout LineQueue) {
        queue.current.append(line)
        queue.sealIfFull()
    }

    @Test("lines come back in order across chunks, and every chunk but the last was sealed near full")
    func order() {
        var queue = LineQueue(chunkSize: 256, maxSpares: 2)
        var expected = ""
        for index in 0..<100 {
            let line = "line \(index)\n"
            expected += line
            enqueue(line, to: &queue)
        }
        #expect(queue.count == expected.utf8.count)
        let chunks = queue.takeAll()
        #expect(chunks.count > 1)
        #expect(chunks.dropLast().allSatisfy { $0.bytes.count >= 240 && $0.bytes.count <= 256 })
        #expect(String(decoding: chunks.flatMap { $0.bytes.bytes }, as: UTF8.self) == expected)
        #expect(queue.count == 0)
        #expect(queue.takeAll().isEmpty)
    }

    @Test("written chunks are reused, at most maxSpares of them, and none keeps more than a chunk's memory")
    func reuse() {
        var queue = LineQueue(chunkSize: 256, maxSpares: 2)
        for _ in 0..<40 { enqueue("0123456789abcdef0123456789abcdef\n", to: &queue) }
        enqueue(String(repeating: "x", count: 1000) + "\n", to: &queue)  // one line longer than a chunk
        let first = queue.takeAll()
        #expect(first.count >= 4)
        queue.recycle(first)
        for _ in 0..<40 { enqueue("0123456789abcdef0123456789abcdef\n", to: &queue) }
        let second = queue.takeAll()
        let reused = second.filter { chunk in first.contains { $0 === chunk } }
        #expect(reused.count == 2)
        #expect(second.allSatisfy { $0.bytes.capacity <= 512 })
    }

    @Test("the last line can be taken back before it is sealed")
    func truncate() {
        var queue = LineQueue(chunkSize: 256, maxSpares: 2)
        queue.current.append("kept\n")
        let start = queue.current.count
        queue.current.append("dropped\n")
        queue.current.truncate(to: start)
        #expect(queue.count == 5)
        #expect(String(decoding: queue.takeAll().flatMap { $0.bytes.bytes }, as: UTF8.self) == "kept\n")
    }
}
