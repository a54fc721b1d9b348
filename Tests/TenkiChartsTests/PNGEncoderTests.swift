import Foundation
import TenkiTestSupport
import Testing

@testable import TenkiCharts

/// The PNGs decode with tools that share nothing with the encoder: Debian's `pngcheck -v`, and a
/// Python decoder using only `zlib` and `struct` (Tests/Scripts/check_png.py). Each runs when installed.
@Suite struct PNGEncoderTests {
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scripts")

    static func png(_ meteogram: Meteogram = SampleMeteograms.danang) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tenki-chart-\(UUID().uuidString).png")
        try Data(PNGEncoder.encode(MeteogramRenderer.canvas(meteogram))).write(to: file)
        return file
    }

    /// Runs `tool` (searched on PATH) and returns its exit status and output; nil when it is not installed.
    static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String)? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        guard let path = paths.map({ "\($0)/\(tool)" }).first(where: FileManager.default.isExecutableFile) else { return nil }
        return try SpawnedProcess.run(path, arguments)
    }

    @Test func startsWithTheSignatureAndAHeaderOfTheCanvasSize() throws {
        let bytes = try PNGEncoder.encode(Canvas(width: 3, height: 2, background: RGBColor(hex: 0x010203)))
        #expect(Array(bytes.prefix(8)) == PNGEncoder.signature)
        #expect(Array(bytes[12..<16]) == Array("IHDR".utf8))
        #expect(Array(bytes[16..<24]) == [0, 0, 0, 3, 0, 0, 0, 2])
        #expect(Array(bytes.suffix(8).prefix(4)) == Array("IEND".utf8))
    }

    @Test(arguments: [SampleMeteograms.danang, SampleMeteograms.fiveDays])
    func pngcheckAcceptsIt(_ meteogram: Meteogram) throws {
        let file = try Self.png(meteogram)
        defer { try? FileManager.default.removeItem(at: file) }
        guard let result = try Self.run("pngcheck", ["-v", file.path]) else { return }
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("800 x 360 image, 24-bit RGB, non-interlaced"), "\(result.output)")
        #expect(result.output.contains("No errors detected"), "\(result.output)")
    }

    @Test func pythonsZlibAndStructDecodeEveryChunk() throws {
        let file = try Self.png()
        defer { try? FileManager.default.removeItem(at: file) }
        let script = Self.scripts.appendingPathComponent("check_png.py").path
        guard let result = try Self.run("python3", [script, file.path]) else { return }
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.hasPrefix("800x360 "), "\(result.output)")
    }
}
