import TenkiCharts

/// Known meteograms for the pixel facts, and a seeded random generator for the property test.
enum SampleMeteograms {
    /// 2026-12-04 00:00 UTC, a Friday.
    static let start: Int64 = 1_796_342_400

    /// Eight 3-hour steps in Da Nang (UTC+7): the warmest (31.5 °C) is the fourth; rain 90 % at
    /// the sixth, 20 % at the second.
    static let danangTemperatures: [Double] = [24, 26.5, 29, 31.5, 30, 27, 25.5, 24.5]
    static let danangChances: [Double] = [0, 0.2, 0.05, 0.4, 0.6, 0.9, 0.7, 0.3]
    static let danang = Meteogram(
        samples: (0..<8).map { (index: Int) -> Meteogram.Sample in
            Meteogram.Sample(
                time: start + Int64(index) * 10_800, temperature: danangTemperatures[index], chanceOfRain: danangChances[index])
        },
        unit: .celsius, language: .en, utcOffsetSeconds: 7 * 3600)

    static let warmestIndex = 3, rainyIndex = 5, drierIndex = 1

    /// Five days of steps in Tokyo (UTC+9), Japanese labels, °F.
    static let fiveDays = Meteogram(
        samples: (0..<40).map { (index: Int) -> Meteogram.Sample in
            let temperature = 45 + Double((index * 7) % 11)
            let chance = Double(index % 5) / 4
            return Meteogram.Sample(time: start + Int64(index) * 10_800, temperature: temperature, chanceOfRain: chance)
        },
        unit: .fahrenheit, language: .ja, utcOffsetSeconds: 9 * 3600)
}

/// SplitMix64: the same seed gives the same forecasts on every machine.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
