import Synchronization

/// Counters, gauges and histograms rendered in Prometheus' text exposition format.
/// One lock guards all of them: updates are a bump of a value in an array (found by a key's number
/// or by a dictionary), far cheaper than the request they count, and a single lock keeps a scrape
/// consistent.
public final class MetricsRegistry: Sendable {
    /// A metric's name and rendered labels. Its hash is computed once, when the series is named:
    /// hashing both strings (SipHash over every byte) on each update would be most of its cost, and
    /// a request updates two series whose `SeriesKey`s are made once at start.
    fileprivate struct Series: Hashable, Sendable {
        let name: String
        let labels: String
        private let hash: Int

        init(name: String, labels: String) {
            self.name = name
            self.labels = labels
            var hasher = Hasher()
            hasher.combine(name)
            hasher.combine(labels)
            hash = hasher.finalize()
        }

        static func == (lhs: Series, rhs: Series) -> Bool {
            lhs.hash == rhs.hash && lhs.name == rhs.name && lhs.labels == rhs.labels
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(hash)
        }
    }

    /// Series and their values, each at a fixed slot: a series named once (`SeriesKey`) finds its
    /// slot by the key's number, an array index, where a dictionary would hash it on every update.
    private struct Table<Value> {
        private var slots: [Series: Int] = [:]
        private(set) var series: [Series] = []
        var values: [Value] = []
        /// Slots by `SeriesKey.number`; -1 where that key was not used with this registry yet.
        private var slotOfKey: [Int] = []

        func value(of series: Series) -> Value? { slots[series].map { values[$0] } }

        mutating func slot(_ series: Series, default make: () -> Value) -> Int {
            if let slot = slots[series] { return slot }
            slots[series] = values.count
            self.series.append(series)
            values.append(make())
            return values.count - 1
        }

        mutating func slot(_ key: SeriesKey, default make: () -> Value) -> Int {
            if key.number < slotOfKey.count, slotOfKey[key.number] >= 0 { return slotOfKey[key.number] }
            let slot = slot(key.series, default: make)
            if key.number >= slotOfKey.count { slotOfKey += repeatElement(-1, count: key.number + 1 - slotOfKey.count) }
            slotOfKey[key.number] = slot
            return slot
        }
    }

    private struct State {
        var counters = Table<Double>()
        var gauges: [Series: Double] = [:]
        var histograms = Table<Histogram>()
        /// Counters kept elsewhere (e.g. by a log sink), read at each scrape.
        var readings: [Series: @Sendable () -> Double] = [:]
        var help: [String: (type: String, text: String)] = [:]
    }

    /// Latency buckets in seconds: fine below 10 ms (the listener's own work), coarse above
    /// (upstream calls).
    public static let latencyBuckets: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    private struct Histogram {
        var buckets: [Double]
        var counts: [UInt64]
        var sum: Double = 0
        var count: UInt64 = 0

        mutating func record(_ seconds: Double) {
            if let index = buckets.firstIndex(where: { seconds <= $0 }) {
                counts[index] += 1
            }
            sum += seconds
            count += 1
        }
    }

    private let state = Mutex(State())
    /// The last exposition and when it was built (`exposition(at:maxAge:)`).
    private let cached = Mutex<(builtAt: ContinuousClock.Instant, body: [UInt8])?>(nil)

    public init() {}

    /// How long a scrape's text is served again before it is rebuilt (`exposition(at:maxAge:)`).
    public static let expositionMaxAge: Duration = .seconds(1)

    /// The exposition as bytes, built at most once per `maxAge` on the caller's clock and shared
    /// by every request meanwhile: building it reads `/proc` and lists the open descriptors, which
    /// a client pipelining scrapes must not get to do for each one. Readers wait while one builds.
    public func exposition(at now: ContinuousClock.Instant, maxAge: Duration = expositionMaxAge) -> [UInt8] {
        cached.withLock { cached in
            // An instant before the build (another thread read its clock first) counts as fresh.
            if let cached, cached.builtAt.duration(to: now) < maxAge { return cached.body }
            let body = Array(exposition().utf8)
            cached = (now, body)
            return body
        }
    }

    /// Declares a metric's type and help text, shown once per family in the exposition.
    public func describe(_ name: String, type: String, help: String) {
        state.withLock { $0.help[name] = (type, help) }
    }

    /// A series named once (its name and rendered labels), for code that updates it on every
    /// request: `increment(_:by:)` and `observe(_:seconds:)` with it skip rendering the labels.
    /// Its number finds the series' slot in each registry it updates (`Table`), with no look-up.
    public struct SeriesKey: Sendable, Hashable {
        fileprivate let series: Series
        fileprivate let number: Int
    }

    private static let keysMade = Atomic<Int>(0)

    /// Name a series once (a `static let`), not per update: each key takes a slot in every registry it updates.
    public static func series(_ name: String, _ labels: [(String, String)] = []) -> SeriesKey {
        SeriesKey(
            series: Series(name: name, labels: render(labels)), number: keysMade.wrappingAdd(1, ordering: .relaxed).oldValue)
    }

    public func increment(_ key: SeriesKey, by amount: Double = 1) {
        state.withLock { state in
            let slot = state.counters.slot(key) { 0 }
            state.counters.values[slot] += amount
        }
    }

    public func observe(_ key: SeriesKey, seconds: Double) {
        state.withLock { state in
            // Updated in place: copying the histogram out and back in would copy its two arrays.
            let slot = state.histograms.slot(key, default: Self.newHistogram)
            state.histograms.values[slot].record(seconds)
        }
    }

    /// `increment(counter)` and `observe(histogram, seconds:)` under one lock: an event counted
    /// and timed (a request) takes the lock once, not twice.
    public func increment(_ counter: SeriesKey, observing histogram: SeriesKey, seconds: Double) {
        state.withLock { state in
            state.counters.values[state.counters.slot(counter) { 0 }] += 1
            let slot = state.histograms.slot(histogram, default: Self.newHistogram)
            state.histograms.values[slot].record(seconds)
        }
    }

    private static func newHistogram() -> Histogram {
        Histogram(buckets: latencyBuckets, counts: Array(repeating: 0, count: latencyBuckets.count))
    }

    public func increment(_ name: String, _ labels: [(String, String)] = [], by amount: Double = 1) {
        let series = Series(name: name, labels: Self.render(labels))
        state.withLock { state in
            let slot = state.counters.slot(series) { 0 }
            state.counters.values[slot] += amount
        }
    }

    /// A counter whose value another component keeps (it must only grow), read at every scrape.
    public func counter(_ name: String, _ labels: [(String, String)] = [], reading: @escaping @Sendable () -> Double) {
        let series = Series(name: name, labels: Self.render(labels))
        state.withLock { $0.readings[series] = reading }
    }

    public func set(_ name: String, _ labels: [(String, String)] = [], to value: Double) {
        let series = Series(name: name, labels: Self.render(labels))
        state.withLock { $0.gauges[series] = value }
    }

    public func adjust(_ name: String, _ labels: [(String, String)] = [], by delta: Double) {
        let series = Series(name: name, labels: Self.render(labels))
        state.withLock { $0.gauges[series, default: 0] += delta }
    }

    public func observe(_ name: String, _ labels: [(String, String)] = [], seconds: Double) {
        let series = Series(name: name, labels: Self.render(labels))
        state.withLock { state in
            let slot = state.histograms.slot(series, default: Self.newHistogram)
            state.histograms.values[slot].record(seconds)
        }
    }

    /// The current value of a counter, for tests.
    public func counter(_ name: String, _ labels: [(String, String)] = []) -> Double {
        let series = Series(name: name, labels: Self.render(labels))
        return state.withLock { $0.counters.value(of: series) ?? 0 }
    }

    /// The current value of a gauge (nil when never set), for tests.
    public func gauge(_ name: String, _ labels: [(String, String)] = []) -> Double? {
        let series = Series(name: name, labels: Self.render(labels))
        return state.withLock { $0.gauges[series] }
    }

    /// The Prometheus text exposition (version 0.0.4) of every series, sorted for stable output.
    public func exposition() -> String {
        state.withLock { state in
            // Each series renders as a block of lines; blocks are sorted by their first line, and a
            // histogram's bucket lines keep their increasing `le` order inside the block.
            var families: [String: [[String]]] = [:]
            for (series, value) in zip(state.counters.series, state.counters.values) {
                families[series.name, default: []].append(["\(series.name)\(series.labels) \(Self.format(value))"])
            }
            for (series, read) in state.readings {
                families[series.name, default: []].append(["\(series.name)\(series.labels) \(Self.format(read()))"])
            }
            for (series, value) in state.gauges {
                families[series.name, default: []].append(["\(series.name)\(series.labels) \(Self.format(value))"])
            }
            for (series, histogram) in zip(state.histograms.series, state.histograms.values) {
                var lines: [String] = []
                var cumulative: UInt64 = 0
                for (bound, count) in zip(histogram.buckets, histogram.counts) {
                    cumulative += count
                    lines.append("\(series.name)_bucket\(Self.withLabel(series.labels, "le", Self.format(bound))) \(cumulative)")
                }
                lines.append("\(series.name)_bucket\(Self.withLabel(series.labels, "le", "+Inf")) \(histogram.count)")
                lines.append("\(series.name)_sum\(series.labels) \(Self.format(histogram.sum))")
                lines.append("\(series.name)_count\(series.labels) \(histogram.count)")
                families[series.name, default: []].append(lines)
            }
            var output = ""
            for name in families.keys.sorted() {
                if let help = state.help[name] {
                    output += "# HELP \(name) \(help.text)\n# TYPE \(name) \(help.type)\n"
                }
                for block in families[name, default: []].sorted(by: { $0[0] < $1[0] }) {
                    for line in block { output += line + "\n" }
                }
            }
            return output
        }
    }

    private static func render(_ labels: [(String, String)]) -> String {
        guard !labels.isEmpty else { return "" }
        return "{" + labels.map { "\($0.0)=\"\(escape($0.1))\"" }.joined(separator: ",") + "}"
    }

    private static func withLabel(_ rendered: String, _ name: String, _ value: String) -> String {
        guard !rendered.isEmpty else { return "{\(name)=\"\(value)\"}" }
        return String(rendered.dropLast()) + ",\(name)=\"\(value)\"}"
    }

    private static func escape(_ value: String) -> String {
        var out = ""
        for character in value {
            switch character {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            default: out.append(character)
            }
        }
        return out
    }

    private static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
