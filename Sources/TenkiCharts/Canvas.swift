/// An 8-bit RGB colour.
public struct RGBColor: Sendable, Hashable {
    public var red: UInt8, green: UInt8, blue: UInt8
}

extension RGBColor {
    /// A colour as a style sheet writes it: `RGBColor(hex: 0xD63027)` is red 0xD6, green 0x30, blue 0x27.
    public init(hex: UInt32) {
        self.init(
            red: UInt8(truncatingIfNeeded: hex >> 16), green: UInt8(truncatingIfNeeded: hex >> 8),
            blue: UInt8(truncatingIfNeeded: hex))
    }
}

/// A raster of RGB pixels, row by row from the top left. Every drawing call clips to the canvas,
/// so no coordinate (however far off, NaN included) writes outside it.
public struct Canvas: Sendable {
    public let width: Int
    public let height: Int
    /// `width * height * 3` bytes: red, green, blue for each pixel.
    public private(set) var pixels: [UInt8]

    public init(width: Int, height: Int, background: RGBColor) {
        precondition(width > 0 && height > 0, "a canvas has at least one pixel")
        self.width = width
        self.height = height
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        pixels.withUnsafeMutableBufferPointer { buffer in
            for index in stride(from: 0, to: buffer.count, by: 3) {
                buffer[index] = background.red
                buffer[index + 1] = background.green
                buffer[index + 2] = background.blue
            }
        }
        self.pixels = pixels
    }

    public func color(x: Int, y: Int) -> RGBColor {
        let index = (y * width + x) * 3
        return RGBColor(red: pixels[index], green: pixels[index + 1], blue: pixels[index + 2])
    }

    /// Mixes `color` into the pixel at (x, y) by `coverage` (0: unchanged, 1: replaced).
    public mutating func blend(x: Int, y: Int, color: RGBColor, coverage: Double) {
        guard x >= 0, y >= 0, x < width, y < height, coverage > 0 else { return }
        let index = (y * width + x) * 3
        if coverage >= 1 {
            pixels[index] = color.red
            pixels[index + 1] = color.green
            pixels[index + 2] = color.blue
            return
        }
        func mix(_ old: UInt8, _ new: UInt8) -> UInt8 {
            UInt8((Double(old) * (1 - coverage) + Double(new) * coverage).rounded())
        }
        pixels[index] = mix(pixels[index], color.red)
        pixels[index + 1] = mix(pixels[index + 1], color.green)
        pixels[index + 2] = mix(pixels[index + 2], color.blue)
    }

    /// Fills the pixels x0..<x1, y0..<y1.
    public mutating func fill(x0: Int, y0: Int, x1: Int, y1: Int, color: RGBColor) {
        let left = max(0, x0), right = min(width, x1), top = max(0, y0), bottom = min(height, y1)
        guard left < right, top < bottom else { return }
        for y in top..<bottom {
            for x in left..<right { blend(x: x, y: y, color: color, coverage: 1) }
        }
    }

    /// An anti-aliased line `thickness` pixels wide with round ends: each pixel near the segment is
    /// covered by how far its centre lies inside the stroke.
    public mutating func line(from a: Point, to b: Point, thickness: Double, color: RGBColor) {
        guard a.isFinite, b.isFinite else { return }
        let half = thickness / 2
        let left = Self.clamp(min(a.x, b.x) - half - 1, 0, width), right = Self.clamp(max(a.x, b.x) + half + 2, 0, width)
        let top = Self.clamp(min(a.y, b.y) - half - 1, 0, height), bottom = Self.clamp(max(a.y, b.y) + half + 2, 0, height)
        guard left < right, top < bottom else { return }
        let dx = b.x - a.x, dy = b.y - a.y, lengthSquared = dx * dx + dy * dy
        for y in top..<bottom {
            for x in left..<right {
                let px = Double(x) + 0.5 - a.x, py = Double(y) + 0.5 - a.y
                let t = lengthSquared == 0 ? 0 : min(1, max(0, (px * dx + py * dy) / lengthSquared))
                let ex = px - t * dx, ey = py - t * dy
                let distance = (ex * ex + ey * ey).squareRoot()
                let coverage = min(1, half + 0.5 - distance)
                if coverage > 0 { blend(x: x, y: y, color: color, coverage: coverage) }
            }
        }
    }

    /// An anti-aliased disc.
    public mutating func disc(at centre: Point, radius: Double, color: RGBColor) {
        line(from: centre, to: centre, thickness: radius * 2, color: color)
    }

    /// `value` rounded down and kept within 0...limit (NaN and infinities included).
    private static func clamp(_ value: Double, _ low: Int, _ limit: Int) -> Int {
        guard value.isFinite else { return value > 0 ? limit : low }
        return Int(max(Double(low), min(Double(limit), value.rounded(.down))))
    }
}

/// A position on a canvas in pixels; (0, 0) is the top left corner of the top left pixel.
public struct Point: Sendable, Hashable {
    public var x: Double
    public var y: Double

    var isFinite: Bool { x.isFinite && y.isFinite }
}
