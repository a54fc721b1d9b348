import Foundation

/// A remembered value with a lifetime, and the rule by which one caller rebuilds it once it expires
/// while the others keep the expired value for a moment.
///
/// Without the rule, every look-up that comes while the value is being rebuilt rebuilds it too:
/// under load, every request in flight at the moment of expiry (at c50, 50 renderings of the same
/// answer at once). With it, the first look-up after `validUntil` is told to rebuild (nil) and
/// marks the rebuild as started; look-ups within `grace` of that mark get the expired value; after
/// the grace the rebuild is taken to have stored nothing (it failed), and every look-up is told to
/// rebuild until one stores a new entry. Before `storedAt` (a clock stepped back) nothing is fresh,
/// and a mark the clock stepped back past counts as none.
///
/// A value type for a cache to keep under its own lock (`Dictionary.lookUp(_:at:grace:)` below):
/// `lookUp` mutates the mark. Inlinable, so that a cache in another module gets it specialised for
/// its value: the listener's thread looks up two per cached command.
public struct ExpiringEntry<Value> {
    public let value: Value
    public let storedAt: Date
    public let validUntil: Date
    /// When the first look-up after `validUntil` went to rebuild; nil until then.
    @usableFromInline var rebuildStarted: Date?

    @inlinable public init(_ value: Value, storedAt: Date, validUntil: Date) {
        self.value = value
        self.storedAt = storedAt
        self.validUntil = validUntil
    }

    /// Whether `value` is still current at `now`.
    @inlinable public func isFresh(at now: Date) -> Bool {
        storedAt <= now && now < validUntil
    }

    /// The value to answer with at `now`, fresh or standing in during a rebuild; nil tells the caller
    /// to rebuild it (see the type's comment).
    @inlinable public mutating func lookUp(at now: Date, grace: TimeInterval) -> Value? {
        if isFresh(at: now) { return value }
        guard now >= storedAt else { return nil }
        // A mark in the future (the clock stepped back past it) is a rebuild that starts now.
        guard let started = rebuildStarted, started <= now else {
            rebuildStarted = now
            return nil
        }
        return now.timeIntervalSince(started) < grace ? value : nil
    }
}

extension ExpiringEntry: Sendable where Value: Sendable {}

extension Dictionary {
    /// `ExpiringEntry.lookUp` on the entry for `key`, nil when there is none. A fresh entry, the
    /// usual case, is only read: changing a dictionary's value in place goes through a coroutine
    /// whose frame is allocated, three `malloc` calls a look-up (`bench/cost-guard.sh`).
    @inlinable
    public mutating func lookUp<Remembered>(_ key: Key, at now: Date, grace: TimeInterval) -> Remembered?
    where Value == ExpiringEntry<Remembered> {
        guard var entry = self[key] else { return nil }
        if entry.isFresh(at: now) { return entry.value }
        let value = entry.lookUp(at: now, grace: grace)
        self[key] = entry
        return value
    }
}
