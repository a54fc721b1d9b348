import Testing
@testable import TenkiLogging

/// The byte buffer lines are formatted into and queued in.
@Suite("LineBuffer")
struct LineBufferTests {
    @Test("appends bytes, strings and literals, growing as it must")
    func appends() {
        var buffer = LineBuffer()
        #expect(buffer.capacity == 0 && buffer.count == 0 && buffer.bytes.isEmpty)
        buffer.append(ascii: "ts=")
        buffer.append("東京")
        buffer.append(UInt8(ascii: "!"))
        let long = String(repeating: "x", count: 1000)
        buffer.append(long)
        #expect(buffer.bytes == Array("ts=東京!".utf8) + Array(long.utf8))
        #expect(buffer.capacity >= buffer.count)
    }

    @Test("truncating forgets a line that did not fit; emptying keeps memory only up to a bound")
    func truncateAndEmpty() {
        var buffer = LineBuffer(capacity: 64)
        buffer.append("first\n")
        let end = buffer.count
        buffer.append(String(repeating: "y", count: 5000))
        buffer.truncate(to: end)
        #expect(buffer.bytes == Array("first\n".utf8))
        let grown = buffer.capacity
        #expect(grown >= 5006)
        buffer.removeAll(keepingCapacityUpTo: grown)
        #expect(buffer.count == 0 && buffer.capacity == grown)
        buffer.append("z")
        buffer.removeAll(keepingCapacityUpTo: 100)
        #expect(buffer.count == 0 && buffer.capacity == 0)
        buffer.append("again")
        #expect(buffer.bytes == Array("again".utf8))
    }
}
