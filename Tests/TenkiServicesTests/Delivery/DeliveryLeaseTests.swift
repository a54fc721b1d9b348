import Foundation
import TenkiCore
import Testing

@testable import TenkiDelivery
@testable import TenkiStorage

/// A replica killed mid-round hands its claims over within the lease (30 s in `serve`), so a round
/// never claims more posts per destination than fit in it one after another.
@Suite("Delivery leases")
struct DeliveryLeaseTests {
    @Test("a round claims the pace's burst per destination, or fewer when they would outlast the lease")
    func claimsFitTheLease() {
        let lease = DeliveryQueue.Configuration.sharedLease
        #expect(lease == 30)
        #expect(DeliveryQueue.Configuration(requestTimeout: .seconds(10), leaseDuration: lease).claimsPerDestination == 2)
        #expect(DeliveryQueue.Configuration(requestTimeout: .seconds(25), leaseDuration: lease).claimsPerDestination == 1)
        #expect(DeliveryQueue.Configuration(requestTimeout: .seconds(2), leaseDuration: lease).claimsPerDestination == 3)
        #expect(DeliveryQueue.Configuration(requestTimeout: .seconds(60), leaseDuration: lease).claimsPerDestination == 1)
    }

    @Test("with a 30 s lease and 10 s posts, one round posts two of three messages to one destination")
    func roundClaimsTwo() async throws {
        let file = try TemporaryStateFile()
        let clock = TestClock(DeliveryFixtures.start)
        let transport = ScriptedTransport(clock: clock) { _, _ in DeliveryFixtures.ok() }
        let queue = DeliveryQueue(
            store: try SQLiteDeliveryStore(path: file.path), transport: transport, clock: clock,
            configuration: .init(owner: "a", requestTimeout: .seconds(10), leaseDuration: 30), random: SplitMix64(seed: 1))
        for index in 0..<3 { try await queue.enqueue(DeliveryFixtures.webhookDelivery("m\(index)")) }
        _ = await queue.runOnce(now: clock.now())
        #expect(transport.sent.count == 2)
        _ = await queue.runOnce(now: clock.now())
        #expect(transport.sent.count == 3, "the third goes in the next round, within the pace's burst")
    }
}
