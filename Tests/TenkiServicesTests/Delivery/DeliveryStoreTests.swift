import Foundation
import TenkiCore
import Testing

@testable import TenkiStorage

/// The delivery queue's store, one suite for SQLite and PostgreSQL.
@Suite("Delivery store")
struct DeliveryStoreTests {
    let start = DeliveryFixtures.start

    @Test("two processes on one state never claim the same message", arguments: StoreBackend.durable)
    func exclusiveClaims(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        let first = try await state.open().deliveries
        let second = try await state.open().deliveries
        for index in 0..<200 {
            let url = URL(string: "https://hooks.slack.com/services/T/B/\(index % 20)")!
            _ = try await first.enqueue(DeliveryFixtures.webhookDelivery("m\(index)", to: url))
        }
        async let a = claimAll(first, owner: "a")
        async let b = claimAll(second, owner: "b")
        let (claimedByA, claimedByB) = try await (a, b)
        #expect(Set(claimedByA).isDisjoint(with: claimedByB))
        #expect(claimedByA.count + claimedByB.count == 200)
    }

    private func claimAll(_ store: any DeliveryStore, owner: String) async throws -> [DeliveryID] {
        var ids: [DeliveryID] = []
        while true {
            let batch = try await store.claim(owner: owner, now: start, leaseDuration: 60, perDestination: 2, limit: 7)
            if batch.isEmpty { return ids }
            ids += batch.map(\.id)
            await Task.yield()
        }
    }

    @Test("the backlog count stops at its ceiling and counts pending messages only", arguments: StoreBackend.durable)
    func boundedPendingCount(_ backend: StoreBackend) async throws {
        let store = try await SharedTestState(backend).open().deliveries
        #expect(try await store.pendingCount(atMost: 3) == 0)
        var ids: [DeliveryID] = []
        for index in 0..<5 { ids.append(try await store.enqueue(DeliveryFixtures.webhookDelivery("m\(index)"))) }
        #expect(try await store.pendingCount(atMost: 3) == 3)
        #expect(try await store.pendingCount(atMost: 100) == 5)
        let claimed = try await store.claim(owner: "a", now: start, leaseDuration: 60, perDestination: 1, limit: 1)
        #expect(try await store.pendingCount(atMost: 100) == 5, "a claimed message is still pending until settled")
        _ = try await store.markDelivered(try #require(claimed.first).id, owner: "a", at: start)
        #expect(try await store.pendingCount(atMost: 100) == 4)
        #expect(try await store.statistics().pending == 4, "the same count as the metrics' exact one")
    }

    @Test(
        "a claim limits each destination and counts an attempt; an expired lease is reclaimable", arguments: StoreBackend.durable)
    func leases(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        let first = try await state.open().deliveries
        let second = try await state.open().deliveries
        for index in 0..<5 { _ = try await first.enqueue(DeliveryFixtures.webhookDelivery("m\(index)")) }
        let claimed = try await first.claim(owner: "a", now: start, leaseDuration: 60, perDestination: 3, limit: 10)
        #expect(claimed.map(\.attempt) == [1, 1, 1])
        #expect(
            try await second.claim(owner: "b", now: start.addingTimeInterval(59), leaseDuration: 60, perDestination: 9, limit: 10)
                .count
                == 2)
        let taken = try await second.claim(
            owner: "b", now: start.addingTimeInterval(61), leaseDuration: 60, perDestination: 9, limit: 10)
        #expect(taken.map(\.id) == claimed.map(\.id))
        #expect(taken.map(\.attempt) == [2, 2, 2])
        // The first owner's late result no longer counts.
        #expect(try await first.markDelivered(claimed[0].id, owner: "a", at: start.addingTimeInterval(62)) == false)
        #expect(try await second.markDelivered(claimed[0].id, owner: "b", at: start.addingTimeInterval(62)))
        #expect(try await first.summary(of: claimed[0].id)?.state == .delivered)
    }

    @Test("a claim takes the oldest due first, at most its share of each destination", arguments: StoreBackend.durable)
    func claimOrderAndShares(_ backend: StoreBackend) async throws {
        let store = try await SharedTestState(backend).open().deliveries
        let a = URL(string: "https://hooks.slack.com/services/T/B/a")!
        let b = URL(string: "https://hooks.slack.com/services/T/B/b")!
        var ids: [DeliveryID] = []
        for (index, url) in [a, a, a, b, a, b, b].enumerated() {
            var delivery = DeliveryFixtures.webhookDelivery("m\(index)", to: url)
            // Due in the reverse order of queueing, but for the last, which falls due after the rest.
            delivery.firstAttemptAt = start.addingTimeInterval(index == 6 ? 100 : Double(10 - index))
            ids.append(try await store.enqueue(delivery))
        }
        let claimed = try await store.claim(
            owner: "a", now: start.addingTimeInterval(100), leaseDuration: 60, perDestination: 2, limit: 10)
        // Due order: 5 (b), 4 (a), 3 (b), 2 (a), 1 (a), 0 (a), 6 (b); a and b get two each.
        #expect(claimed.map(\.id) == [ids[5], ids[4], ids[3], ids[2]])
        let rest = try await store.claim(
            owner: "a", now: start.addingTimeInterval(100), leaseDuration: 60, perDestination: 2, limit: 1)
        #expect(rest.map(\.id) == [ids[1]])
    }

    @Test("a destination with more due messages than a claim reads in order does not starve the others", arguments: StoreBackend.durable)
    func busyDestinationAhead(_ backend: StoreBackend) async throws {
        let store = try await SharedTestState(backend).open().deliveries
        let window = SQLiteDeliveryStore.claimWindow(limit: 4, perDestination: 2)
        let busy = URL(string: "https://hooks.slack.com/services/T/B/busy")!
        var busyIDs: [DeliveryID] = []
        for index in 0..<(window + 10) {
            busyIDs.append(try await store.enqueue(DeliveryFixtures.webhookDelivery("busy\(index)", to: busy)))
        }
        var others: [DeliveryID] = []
        for name in ["quiet1", "quiet2"] {
            var delivery = DeliveryFixtures.webhookDelivery(name, to: URL(string: "https://hooks.slack.com/services/T/B/\(name)")!)
            delivery.firstAttemptAt = start.addingTimeInterval(1)
            others.append(try await store.enqueue(delivery))
        }
        let now = start.addingTimeInterval(1)
        let claimed = try await store.claim(owner: "a", now: now, leaseDuration: 60, perDestination: 2, limit: 4)
        #expect(claimed.map(\.id) == Array(busyIDs.prefix(2)) + others)
        #expect(claimed.map(\.body) == [DeliveryFixtures.message("busy0"), DeliveryFixtures.message("busy1")]
            + [DeliveryFixtures.message("quiet1"), DeliveryFixtures.message("quiet2")])
        let next = try await store.claim(owner: "a", now: now, leaseDuration: 60, perDestination: 2, limit: 4)
        #expect(next.map(\.id) == Array(busyIDs[2..<4]))
    }

    @Test("the next due time is the earliest due message, or its lease's end while it is claimed", arguments: StoreBackend.durable)
    func nextDueWithLeases(_ backend: StoreBackend) async throws {
        let store = try await SharedTestState(backend).open().deliveries
        #expect(try await store.nextDueTime() == nil)
        var later = DeliveryFixtures.webhookDelivery("later", to: URL(string: "https://hooks.slack.com/services/T/B/later")!)
        later.firstAttemptAt = start.addingTimeInterval(100)
        _ = try await store.enqueue(DeliveryFixtures.webhookDelivery("now"))
        let laterID = try await store.enqueue(later)
        #expect(try await store.nextDueTime() == start)
        _ = try await store.claim(owner: "a", now: start, leaseDuration: 60, perDestination: 1, limit: 1)
        #expect(try await store.nextDueTime() == start.addingTimeInterval(60), "the claim's lease ends first")
        // The first lease has ended: both are taken, and both leases end at 160 s.
        let both = try await store.claim(
            owner: "a", now: start.addingTimeInterval(100), leaseDuration: 60, perDestination: 1, limit: 2)
        #expect(both.count == 2)
        #expect(try await store.nextDueTime() == start.addingTimeInterval(160))
        #expect(try await store.markDelivered(laterID, owner: "a", at: start.addingTimeInterval(101)))
        #expect(try await store.statistics() == DeliveryStatistics(pending: 1, dead: 0, oldestPendingCreatedAt: start))
        #expect(try await store.nextDueTime() == start.addingTimeInterval(160))
    }

    @Test("release gives a claim back without counting the attempt; reschedule keeps the error", arguments: StoreBackend.durable)
    func releaseAndReschedule(_ backend: StoreBackend) async throws {
        let store = try await SharedTestState(backend).open().deliveries
        let id = try await store.enqueue(DeliveryFixtures.webhookDelivery("one"))
        _ = try await store.claim(owner: "a", now: start, leaseDuration: 60, perDestination: 1, limit: 1)
        #expect(try await store.release(id, owner: "a", at: start.addingTimeInterval(1)))
        #expect(try await store.claim(owner: "a", now: start, leaseDuration: 60, perDestination: 1, limit: 1).isEmpty)
        #expect(try await store.nextDueTime() == start.addingTimeInterval(1))
        let again = try await store.claim(
            owner: "a", now: start.addingTimeInterval(1), leaseDuration: 60, perDestination: 1, limit: 1)
        #expect(again.first?.attempt == 1)
        #expect(
            try await store.reschedule(
                id, owner: "a", at: start.addingTimeInterval(5), lastError: "HTTP 500", body: Array("{}".utf8)))
        let summary = try #require(try await store.summary(of: id))
        #expect(summary.attempts == 1 && summary.lastError == "HTTP 500" && summary.nextAttemptAt == start.addingTimeInterval(5))
        let claimed = try await store.claim(
            owner: "a", now: start.addingTimeInterval(5), leaseDuration: 60, perDestination: 1, limit: 1)
        #expect(claimed.first?.body == Array("{}".utf8))
    }

    @Test("a held message waits for its first attempt time", arguments: StoreBackend.durable)
    func held(_ backend: StoreBackend) async throws {
        let store = try await SharedTestState(backend).open().deliveries
        var held = DeliveryFixtures.webhookDelivery("held")
        held.firstAttemptAt = start.addingTimeInterval(120)
        _ = try await store.enqueue(held)
        #expect(try await store.nextDueTime() == start.addingTimeInterval(120))
        #expect(try await store.claim(owner: "a", now: start, leaseDuration: 60, perDestination: 1, limit: 1).isEmpty)
        let claimed = try await store.claim(
            owner: "a", now: start.addingTimeInterval(120), leaseDuration: 60, perDestination: 1, limit: 1)
        #expect(claimed.first?.body == DeliveryFixtures.message("held"))
    }

    @Test("prune removes delivered messages older than the retention, and nothing else", arguments: StoreBackend.durable)
    func prune(_ backend: StoreBackend) async throws {
        let store = try await SharedTestState(backend).open().deliveries
        let old = try await store.enqueue(DeliveryFixtures.webhookDelivery("old"))
        let recent = try await store.enqueue(DeliveryFixtures.webhookDelivery("recent"))
        let dead = try await store.enqueue(DeliveryFixtures.webhookDelivery("dead"))
        let pending = try await store.enqueue(
            DeliveryFixtures.webhookDelivery("pending", to: URL(string: "https://hooks.slack.com/x")!))
        _ = try await store.claim(owner: "a", now: start, leaseDuration: 60, perDestination: 3, limit: 3)
        try await store.markDelivered(old, owner: "a", at: start)
        try await store.markDelivered(recent, owner: "a", at: start.addingTimeInterval(86_400))
        try await store.markDead(dead, owner: "a", reason: "HTTP 404 channel_not_found", at: start)
        #expect(try await store.pruneDelivered(before: start.addingTimeInterval(3600)) == 1)
        #expect(try await store.summary(of: old) == nil)
        #expect(try await store.summary(of: recent)?.state == .delivered)
        #expect(try await store.summary(of: dead)?.state == .dead)
        #expect(try await store.summary(of: pending)?.state == .pending)
    }

    @Test(
        "lists pending and dead messages with host and hash, never the URL; retries a dead one", arguments: StoreBackend.durable)
    func listAndRetry(_ backend: StoreBackend) async throws {
        let store = try await SharedTestState(backend).open().deliveries
        let dead = try await store.enqueue(DeliveryFixtures.webhookDelivery("dead", kind: "digest:morning"))
        let responseURL = URL(string: "https://hooks.slack.com/commands/T1/2/secret")!
        let late = try await store.enqueue(
            NewDelivery(
                kind: "late-answer", destination: responseURL, destinationKind: .responseURL,
                body: DeliveryFixtures.message("late"), createdAt: start))
        _ = try await store.claim(owner: "a", now: start, leaseDuration: 60, perDestination: 1, limit: 1)
        try await store.markDead(dead, owner: "a", reason: "HTTP 404 channel_not_found", at: start)

        let listed = try await store.list(states: [.pending, .dead])
        #expect(listed.map(\.id) == [dead, late])
        #expect(listed.map(\.kind) == ["digest:morning", "late-answer"])
        #expect(listed.map(\.state) == [.dead, .pending])
        #expect(listed.allSatisfy { $0.destinationHost == "hooks.slack.com" && $0.destinationHash.count == 8 })
        #expect(listed[0].destinationHash != listed[1].destinationHash)
        #expect(listed[0].destinationHash == DestinationFingerprint.hash(of: DeliveryFixtures.webhook))
        #expect(listed[0].lastError == "HTTP 404 channel_not_found" && listed[0].attempts == 1)
        #expect(!"\(listed)".contains("SECRET") && !"\(listed)".contains("secret"))
        #expect(try await store.statistics() == DeliveryStatistics(pending: 1, dead: 1, oldestPendingCreatedAt: start))

        let later = start.addingTimeInterval(7200)
        #expect(try await store.retry(dead, now: later))
        #expect(try await store.retry(dead, now: later) == false, "only a dead message can be retried")
        #expect(try await store.retry(late, now: later) == false)
        let retried = try #require(try await store.summary(of: dead))
        #expect(retried.state == .pending && retried.attempts == 0 && retried.nextAttemptAt == later)
        let claimed = try await store.claim(owner: "b", now: later, leaseDuration: 60, perDestination: 5, limit: 5)
        let webhookClaim = try #require(claimed.first { $0.id == dead })
        #expect(webhookClaim.limits.deadline == later.addingTimeInterval(DestinationKind.defaultWebhookLifetime))
    }
}
