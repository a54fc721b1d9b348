/// Draws a meteogram: grid, rain bars, the temperature line with its points, then the labels.
/// Work and memory are bounded by the fixed picture size and `Meteogram.maximumSamples`.
public enum MeteogramRenderer {
    public static let background = RGBColor(hex: 0xFFFFFF)
    public static let gridColor = RGBColor(hex: 0xE4E7EB)
    public static let midnightColor = RGBColor(hex: 0xAAB0B8)
    public static let temperatureColor = RGBColor(hex: 0xD63027)
    public static let rainColor = RGBColor(hex: 0x78AAE6)
    public static let rainTextColor = RGBColor(hex: 0x2662B0)
    public static let textColor = RGBColor(hex: 0x3C4048)

    /// The picture of `meteogram`, which must be `validated()`.
    public static func canvas(_ meteogram: Meteogram) -> Canvas {
        let layout = MeteogramLayout(meteogram)
        let plot = MeteogramLayout.plot
        var canvas = Canvas(width: MeteogramLayout.width, height: MeteogramLayout.height, background: background)
        for row in layout.gridRows {
            canvas.fill(x0: plot.left, y0: row, x1: plot.right, y1: row + 1, color: gridColor)
        }
        for column in layout.midnightColumns {
            canvas.fill(x0: column, y0: plot.top, x1: column + 2, y1: plot.bottom + 4, color: midnightColor)
        }
        for bar in layout.bars {
            canvas.fill(x0: bar.left, y0: bar.top, x1: bar.right, y1: bar.bottom, color: rainColor)
        }
        canvas.fill(x0: plot.left, y0: plot.bottom, x1: plot.right, y1: plot.bottom + 2, color: midnightColor)
        for run in layout.lineRuns {
            for index in run.dropFirst() {
                canvas.line(from: layout.points[index - 1], to: layout.points[index], thickness: 4, color: temperatureColor)
            }
        }
        let pointRadius = meteogram.samples.count <= 16 ? 5.0 : 3.0
        for point in layout.points {
            canvas.disc(at: point, radius: pointRadius, color: temperatureColor)
        }
        draw(layout.temperatureLabels, color: temperatureColor, on: &canvas)
        draw(layout.rainLabels, color: rainTextColor, on: &canvas)
        draw(layout.hourLabels + layout.dayLabels, color: textColor, on: &canvas)
        return canvas
    }

    private static func draw(_ labels: [MeteogramLayout.Label], color: RGBColor, on canvas: inout Canvas) {
        for label in labels {
            BitmapFont.draw(label.text, x: label.x, y: label.y, scale: MeteogramLayout.textScale, color: color, on: &canvas)
        }
    }
}
