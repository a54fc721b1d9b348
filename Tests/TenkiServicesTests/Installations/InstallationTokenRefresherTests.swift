import Foundation
import Synchronization
import TenkiCore
import TenkiLogging
import TenkiTestSupport
import Testing

@testable import TenkiSecurity
@testable import TenkiSlackAPI
@testable import TenkiStorage

/// Rotating tokens refreshed before expiry, once across three replicas sharing one database.
@Suite("Installation token refresher")
struct InstallationTokenRefresherTests {
    typealias Fixtures = InstallationFixtures

    /// A fake `oauth.v2.access` refresh: counts calls, gives `xoxb-next-N` expiring 60 s later.
    final class FakeRefresh: Sendable {
        let clock: ManualClock
        let calls = Mutex(0)
        let failing = Mutex(false)

        init(clock: ManualClock) { self.clock = clock }

        func callAsFunction(_ token: SlackRefreshToken) throws(SlackWebAPIError) -> RefreshedTokens {
            let call = calls.withLock { count in
                count += 1
                return count
            }
            if failing.withLock({ $0 }) { throw .refused(method: "oauth.v2.access", error: "internal_error") }
            return RefreshedTokens(
                botToken: SlackBotToken("xoxb-next-\(call)")!,
                rotation: TokenRotation(refreshToken: SlackRefreshToken("xoxe-next-\(call)")!, expiresAt: clock.now() + 60))
        }
    }

    static func replicas(
        _ state: SharedTestState, clock: ManualClock, refresh: FakeRefresh, logs: InMemoryLogSink
    ) async throws -> [InstallationTokenRefresher] {
        var replicas: [InstallationTokenRefresher] = []
        for index in 1...3 {
            let store = try await state.openInstallations(clock: clock).installations
            replicas.append(
                InstallationTokenRefresher(
                    store: store, refresh: { token throws(SlackWebAPIError) in try refresh(token) }, owner: "replica-\(index)",
                    clock: clock, logger: logs.logger(threshold: .debug)))
        }
        return replicas
    }

    @Test(
        "a token expiring in 60 s, three replicas passing at once: refreshed exactly once, then again only when due",
        arguments: StoreBackend.durable)
    func onceAcrossThreeReplicas(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        let clock = ManualClock(Fixtures.start)
        let refresh = FakeRefresh(clock: clock), logs = InMemoryLogSink()
        let store = try await state.openInstallations(clock: clock).installations
        var installation = Fixtures.workspace("T1", rotating: true)
        installation.rotation?.expiresAt = clock.now() + 60
        try await store.save(installation)
        try await store.save(Fixtures.workspace("T2"))
        let replicas = try await Self.replicas(state, clock: clock, refresh: refresh, logs: logs)

        #expect(await replicas[0].refreshDue() == .init(), "60 s left of 60: not due until half is left")
        clock.advance(by: 30)
        let passes = await withTaskGroup(of: InstallationTokenRefresher.Pass.self) { group in
            for replica in replicas { group.addTask { await replica.refreshDue() } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(refresh.calls.withLock { $0 } == 1)
        #expect(passes.flatMap(\.refreshed) == ["T1"] && passes.flatMap(\.failed).isEmpty)
        let refreshed = try await store.installation(enterprise: nil, team: "T1")
        #expect(refreshed?.botToken.value == "xoxb-next-1" && refreshed?.rotation?.expiresAt == clock.now() + 60)

        for replica in replicas { #expect(await replica.refreshDue() == .init()) }
        clock.advance(by: 30)
        for replica in replicas { await replica.refreshDue() }
        #expect(refresh.calls.withLock { $0 } == 2)
        #expect(try await store.installation(enterprise: nil, team: "T1")?.botToken.value == "xoxb-next-2")
        for line in logs.lines {
            #expect(!line.contains("xoxb-") && !line.contains("xoxe-"), "\(line)")
        }
    }

    @Test("a failed refresh releases the lease: the next replica's pass refreshes", arguments: StoreBackend.durable)
    func failureReleases(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        let clock = ManualClock(Fixtures.start)
        let refresh = FakeRefresh(clock: clock), logs = InMemoryLogSink()
        let store = try await state.openInstallations(clock: clock).installations
        try await store.save(Fixtures.workspace("T1", rotating: true))
        let replicas = try await Self.replicas(state, clock: clock, refresh: refresh, logs: logs)
        clock.advance(by: 3600 - 10)
        refresh.failing.withLock { $0 = true }
        #expect(await replicas[0].refreshDue().failed == ["T1"])
        refresh.failing.withLock { $0 = false }
        #expect(await replicas[1].refreshDue().refreshed == ["T1"])
        #expect(logs.lines.contains { $0.contains("token refresh failed") && $0.contains("internal_error") })
    }
}
