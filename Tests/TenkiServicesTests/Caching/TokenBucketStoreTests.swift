import Foundation
import TenkiTestSupport
import Testing


/// The per-user rate limit's buckets, on every backend: a burst, then the rate, shared by every
/// process on one state, and forgotten once full again.
@Suite("Token buckets in the state")
struct TokenBucketStoreTests {
    let start = Date(timeIntervalSince1970: 1_799_971_200)

    @Test("a burst, then one token per interval; keys are counted apart", arguments: StoreBackend.all)
    func burstThenRate(_ backend: StoreBackend) async throws {
        let store = try await SharedTestState(backend).open().budgets
        var taken: [Bool] = []
        for _ in 0..<4 { taken.append(try await store.takeToken("T1/U1", now: start, rate: 0.1, burst: 3)) }
        #expect(taken == [true, true, true, false])
        #expect(try await store.takeToken("T1/U2", now: start, rate: 0.1, burst: 3), "another user has a bucket of their own")
        #expect(try await !store.takeToken("T1/U1", now: start.addingTimeInterval(9), rate: 0.1, burst: 3))
        #expect(try await store.takeToken("T1/U1", now: start.addingTimeInterval(10), rate: 0.1, burst: 3))
        #expect(try await !store.takeToken("T1/U1", now: start.addingTimeInterval(10), rate: 0.1, burst: 3))
        // Refilled up to the burst, never beyond it.
        let later = start.addingTimeInterval(3600)
        for _ in 0..<3 { #expect(try await store.takeToken("T1/U1", now: later, rate: 0.1, burst: 3)) }
        #expect(try await !store.takeToken("T1/U1", now: later, rate: 0.1, burst: 3))
    }

    @Test("processes on one state share each bucket: concurrent takers never pass the burst", arguments: StoreBackend.durable)
    func sharedAcrossProcesses(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        let stores = [try await state.open().budgets, try await state.open().budgets, try await state.open().budgets]
        let start = start
        let granted = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<30 {
                group.addTask { (try? await stores[index % 3].takeToken("T1/U1", now: start, rate: 0.1, burst: 6)) ?? false }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(granted == 6)
    }

    @Test("buckets idle long enough to be full again are forgotten, and start full", arguments: StoreBackend.all)
    func forgetIdle(_ backend: StoreBackend) async throws {
        let store = try await SharedTestState(backend).open().budgets
        for _ in 0..<3 { _ = try await store.takeToken("T1/U1", now: start, rate: 0.1, burst: 3) }
        _ = try await store.takeToken("T1/U2", now: start.addingTimeInterval(100), rate: 0.1, burst: 3)
        #expect(try await store.forgetTokenBuckets(idleSince: start.addingTimeInterval(50)) == 1)
        #expect(try await store.forgetTokenBuckets(idleSince: start.addingTimeInterval(50)) == 0)
        #expect(try await store.takeToken("T1/U1", now: start.addingTimeInterval(60), rate: 0.1, burst: 3))
    }
}
