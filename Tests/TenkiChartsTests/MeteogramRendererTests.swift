import Testing

@testable import TenkiCharts

@Suite struct MeteogramRendererTests {
    /// The pixel is part of the temperature line: clearly red.
    static func isLine(_ color: RGBColor) -> Bool { color.red > 150 && color.green < 110 && color.blue < 110 }
    static func isRainBar(_ color: RGBColor) -> Bool { color == MeteogramRenderer.rainColor }

    @Test func theWarmestPointIsTheTopOfTheLine() {
        let canvas = MeteogramRenderer.canvas(SampleMeteograms.danang)
        let plot = MeteogramLayout.plot
        let top = (plot.top..<plot.bottom).lazy.compactMap { y in
            (plot.left..<plot.right).first { Self.isLine(canvas.color(x: $0, y: y)) }.map { (x: $0, y: y) }
        }.first
        let warmest = MeteogramLayout(SampleMeteograms.danang).points[SampleMeteograms.warmestIndex]
        let found = try! #require(top)
        #expect(abs(Double(found.x) - warmest.x) <= 6, "topmost red pixel at x \(found.x), warmest point at \(warmest.x)")
        #expect(abs(Double(found.y) - warmest.y) <= 7)
    }

    @Test func aNinetyPercentBarIsTallerThanATwentyPercentOne() {
        let canvas = MeteogramRenderer.canvas(SampleMeteograms.danang)
        let points = MeteogramLayout(SampleMeteograms.danang).points
        func barHeight(at index: Int) -> Int {
            let x = Int(points[index].x) + 6  // beside the line's point, still within the bar
            return (0..<canvas.height).filter { Self.isRainBar(canvas.color(x: x, y: $0)) }.count
        }
        let rainy = barHeight(at: SampleMeteograms.rainyIndex), drier = barHeight(at: SampleMeteograms.drierIndex)
        #expect(drier > 20)
        #expect(rainy > drier * 3, "90 % bar \(rainy) px, 20 % bar \(drier) px")
    }

    @Test(arguments: [SampleMeteograms.danang, SampleMeteograms.fiveDays])
    func everyLabelIsInTheFontAndInsideThePicture(_ meteogram: Meteogram) {
        let layout = MeteogramLayout(meteogram)
        #expect(!layout.hourLabels.isEmpty && !layout.dayLabels.isEmpty)
        for label in layout.labels {
            #expect(label.text.allSatisfy(BitmapFont.hasGlyph), "\(label.text)")
            #expect(label.frame.left >= 0 && label.frame.top >= 0)
            #expect(label.frame.right <= MeteogramLayout.width && label.frame.bottom <= MeteogramLayout.height)
        }
    }

    @Test func labelsFollowTheUnitTheLanguageAndTheLocalTime() {
        let danang = MeteogramLayout(SampleMeteograms.danang)
        #expect(danang.temperatureLabels.allSatisfy { $0.text.hasSuffix("°C") })
        // 00:00 UTC is 07:00 in Da Nang; the steps go 07, 10, 13, ...
        #expect(danang.hourLabels.first?.text == "07")
        #expect(danang.dayLabels.map { $0.text }.contains("Fri 4"))
        let tokyo = MeteogramLayout(SampleMeteograms.fiveDays)
        #expect(tokyo.temperatureLabels.allSatisfy { $0.text.hasSuffix("°F") })
        #expect(tokyo.dayLabels.map { $0.text }.contains("5日(土)"))
    }

    @Test func theLocalCalendarIsRightAcrossMidnightAndBeforeNineteenSeventy() {
        let friday = LocalTime(utc: SampleMeteograms.start, offset: 0)
        #expect(friday.weekday == 5 && friday.dayOfMonth == 4 && friday.hour == 0)
        let thursdayEvening = LocalTime(utc: SampleMeteograms.start, offset: -5 * 3600)
        #expect(thursdayEvening.weekday == 4 && thursdayEvening.dayOfMonth == 3 && thursdayEvening.hour == 19)
        let newYearsEve1969 = LocalTime(utc: -1, offset: 0)
        #expect(newYearsEve1969.dayOfMonth == 31 && newYearsEve1969.weekday == 3 && newYearsEve1969.hour == 23)
    }
}
