import Foundation
import TenkiCore
import TenkiTestSupport
import Testing


/// The install flow's `state`: single-use, bound to a cookie, 10 minutes, shared by replicas. One
/// suite for SQLite and PostgreSQL.
@Suite("OAuth state store")
struct OAuthStateStoreTests {
    @Test("issued by one replica, accepted once by another with its cookie; used again, refused", arguments: StoreBackend.durable)
    func singleUse(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        let page = try await state.openInstallations().oauthStates
        let redirect = try await state.openInstallations().oauthStates
        let grant = try await page.issue()
        #expect(grant.state.count == 43 && grant.cookie.count == 43 && grant.state != grant.cookie)
        #expect(grant.expiresAt == InstallationFixtures.start.addingTimeInterval(600))
        #expect(try await redirect.consume(grant.state, cookie: grant.cookie) == .valid)
        #expect(try await redirect.consume(grant.state, cookie: grant.cookie) == .unknown)
        #expect(try await page.consume(grant.state, cookie: grant.cookie) == .unknown)
        #expect(try await page.consume("never-issued", cookie: grant.cookie) == .unknown)
    }

    @Test("after 10 minutes, refused as expired", arguments: StoreBackend.durable)
    func expiry(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        let clock = ManualClock(InstallationFixtures.start)
        let store = try await state.openInstallations(clock: clock).oauthStates
        let early = try await store.issue(), late = try await store.issue()
        clock.advance(by: 599)
        #expect(try await store.consume(early.state, cookie: early.cookie) == .valid)
        clock.advance(by: 1)
        #expect(try await store.consume(late.state, cookie: late.cookie) == .expired)
    }

    @Test("a missing or another browser's cookie is refused, and uses the state up", arguments: StoreBackend.durable)
    func cookieBinding(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        let store = try await state.openInstallations().oauthStates
        let mine = try await store.issue(), theirs = try await store.issue()
        #expect(try await store.consume(mine.state, cookie: theirs.cookie) == .wrongCookie)
        #expect(try await store.consume(mine.state, cookie: mine.cookie) == .unknown, "a state is checked once")
        #expect(try await store.consume(theirs.state, cookie: nil) == .missingCookie)
        let third = try await store.issue()
        #expect(try await store.consume(third.state, cookie: "") == .missingCookie)
    }

    @Test(
        "neither the state nor the cookie is stored; expired states are swept by the next issue", arguments: StoreBackend.durable)
    func storedForm(_ backend: StoreBackend) async throws {
        let state = try await SharedTestState(backend)
        let clock = ManualClock(InstallationFixtures.start)
        let store = try await state.openInstallations(clock: clock).oauthStates
        let grant = try await store.issue()
        let leaked = try state.count(
            "SELECT count(*) FROM oauth_states WHERE state_hash = '\(grant.state)' OR cookie_hash = '\(grant.cookie)'")
        #expect(leaked == 0)
        #expect(!String(describing: grant).contains(grant.state) && !String(describing: grant).contains(grant.cookie))
        clock.advance(by: 601)
        _ = try await store.issue()
        #expect(try state.count("SELECT count(*) FROM oauth_states") == 1)
    }
}
