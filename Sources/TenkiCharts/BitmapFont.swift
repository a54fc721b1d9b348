/// Text from the GNU Unifont glyphs shipped in `BitmapFont+Glyphs.swift` (16 pixels high, 8 or 16
/// wide), drawn at a whole-number scale so they stay crisp. Only the fixed set of the charts'
/// labels exists; any other character is drawn as `?`.
public enum BitmapFont {
    struct Glyph: Sendable {
        /// 8 or 16 pixels.
        let width: Int
        /// 16 rows, top first; the most significant of `width` bits is the leftmost pixel.
        let rows: [UInt16]
    }

    public static let glyphHeight = 16

    /// Whether `character` has its own glyph (not the `?` stand-in).
    public static func hasGlyph(_ character: Character) -> Bool { unifontGlyphs[character] != nil }

    /// The width of `text` in pixels at `scale`.
    public static func width(of text: String, scale: Int) -> Int {
        text.reduce(0) { $0 + glyph(for: $1).width * scale }
    }

    /// Draws `text` with its top left corner at (x, y); returns the x after its last glyph.
    @discardableResult
    public static func draw(_ text: String, x: Int, y: Int, scale: Int, color: RGBColor, on canvas: inout Canvas) -> Int {
        var penX = x
        for character in text {
            let glyph = glyph(for: character)
            for (row, bits) in glyph.rows.enumerated() where bits != 0 {
                for column in 0..<glyph.width where bits & (1 << (glyph.width - 1 - column)) != 0 {
                    canvas.fill(
                        x0: penX + column * scale, y0: y + row * scale, x1: penX + (column + 1) * scale,
                        y1: y + (row + 1) * scale, color: color)
                }
            }
            penX += glyph.width * scale
        }
        return penX
    }

    private static func glyph(for character: Character) -> Glyph {
        unifontGlyphs[character] ?? unifontGlyphs["?"]!
    }
}
