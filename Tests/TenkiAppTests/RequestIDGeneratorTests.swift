import Testing

@testable import TenkiApp

@Suite("RequestIDGenerator")
struct RequestIDGeneratorTests {
    @Test(arguments: [
        (UInt64(0), "7fb098-0"), (7, "7fb098-7"), (10, "7fb098-10"), (34_881, "7fb098-34881"),
        (99_999_999, "7fb098-99999999"), (1_000_000_000_000_000, "7fb098-1000000000000000"),
        (UInt64.max, "7fb098-18446744073709551615"),
    ])
    func writesPrefixDashAndDecimalNumber(number: UInt64, expected: String) {
        #expect(RequestIDGenerator.id(prefix: "7fb098", number: number) == expected)
    }

    @Test func idsCountUpWithOnePrefix() {
        let generator = RequestIDGenerator()
        let first = generator.next(), second = generator.next()
        let prefix = first.split(separator: "-")[0]
        #expect(first == "\(prefix)-1")
        #expect(second == "\(prefix)-2")
        #expect(prefix.count == 6)
    }
}
