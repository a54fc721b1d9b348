import Foundation
import TenkiBase
import Testing

@Suite("TenkiBase conversions")
struct BaseConversionTests {
    @Test("hexDigitValue reads 0-9, a-f and A-F and refuses every other byte")
    func hexDigits() {
        let digits = Array("0123456789abcdefABCDEF".utf8)
        #expect(digits.map(\.hexDigitValue) == (0...15).map { UInt8($0) } + (10...15).map { UInt8($0) })
        let others = (0...255).map(UInt8.init).filter { !digits.contains($0) }
        #expect(others.allSatisfy { $0.hexDigitValue == nil })
    }

    @Test("Duration.timeInterval keeps whole milliseconds and saturates instead of trapping")
    func durationFromSeconds() {
        #expect(Duration.timeInterval(1.2345) == .milliseconds(1234))
        #expect(Duration.timeInterval(0) == .zero)
        #expect(Duration.timeInterval(-0.0009) == .zero)
        #expect(Duration.timeInterval(.nan) == .zero)
        #expect(Duration.timeInterval(.infinity) == .milliseconds(Int64.max))
        #expect(Duration.timeInterval(-.infinity) == .milliseconds(Int64.min))
        #expect(Duration.timeInterval(2.5).timeInterval == 2.5)
    }
}
