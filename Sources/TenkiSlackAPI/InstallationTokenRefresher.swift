import Foundation
import TenkiCore
import TenkiLogging
import TenkiSecurity
import TenkiStorage

/// Refreshes rotating bot tokens before they expire, once across replicas: each pass lists the
/// installations whose token expires within `margin` (or half its lifetime), claims each under the store's lease
/// (`InstallationStore.claimRefresh`: one replica wins), trades the refresh token
/// (`SlackOAuthClient.refresh`) and stores the new pair if the lease is still this replica's.
/// A failed refresh releases the lease, so another replica (or the next pass) tries again.
///
/// `refreshDue()` is one pass, which tests call directly on a manual clock; `run(every:)` repeats
/// it until cancelled, as a service of the server's task group.
public struct InstallationTokenRefresher: Sendable {
    public typealias Refresh = @Sendable (SlackRefreshToken) async throws(SlackWebAPIError) -> RefreshedTokens

    let store: any InstallationStore
    let refresh: Refresh
    /// This replica's name in the lease (the delivery queue's owner name does).
    let owner: String
    let clock: any WallClock
    let logger: Logger
    /// How long before its expiry a token is refreshed (half its lifetime instead, if shorter:
    /// `InstallationStore.keysDueForRefresh`); must exceed the interval between passes.
    let margin: TimeInterval
    let lease: TimeInterval

    public init(
        store: any InstallationStore, refresh: @escaping Refresh, owner: String, clock: any WallClock, logger: Logger,
        margin: TimeInterval = 300, lease: TimeInterval = 30
    ) {
        self.store = store
        self.refresh = refresh
        self.owner = owner
        self.clock = clock
        self.logger = logger
        self.margin = margin
        self.lease = lease
    }

    /// What one pass did, by installation key.
    public struct Pass: Sendable, Equatable {
        public var refreshed: [String] = []
        /// Claimed elsewhere, refreshed meanwhile, or gone.
        public var skipped: [String] = []
        public var failed: [String] = []
    }

    /// One pass over the installations due now.
    @discardableResult
    public func refreshDue() async -> Pass {
        var pass = Pass()
        let due: [String]
        do {
            due = try await store.keysDueForRefresh(margin: margin)
        } catch {
            logger.warning("token refresh: listing due installations failed", [("error", error.description)])
            return pass
        }
        for key in due {
            switch await refreshOne(key) {
            case .refreshed: pass.refreshed.append(key)
            case .skipped: pass.skipped.append(key)
            case .failed: pass.failed.append(key)
            }
        }
        return pass
    }

    private enum Outcome { case refreshed, skipped, failed }

    private func refreshOne(_ key: String) async -> Outcome {
        do throws(InstallationStoreError) {
            guard let installation = try await store.claimRefresh(key: key, owner: owner, lease: lease, margin: margin),
                let rotation = installation.rotation
            else { return .skipped }
            let tokens: RefreshedTokens
            do {
                tokens = try await refresh(rotation.refreshToken)
            } catch {
                logger.warning("token refresh failed", [("installation", key), ("error", error.description)])
                try await store.releaseRefresh(key: key, owner: owner)
                return .failed
            }
            guard try await store.completeRefresh(key: key, owner: owner, botToken: tokens.botToken, rotation: tokens.rotation)
            else {
                logger.warning("token refresh: the lease ran out before the new token was stored", [("installation", key)])
                return .failed
            }
            logger.info(
                "token refreshed",
                [("installation", key), ("expires_at", "\(Int(tokens.rotation.expiresAt.timeIntervalSince1970))")])
            return .refreshed
        } catch {
            logger.warning("token refresh: the installation store failed", [("installation", key), ("error", error.description)])
            return .failed
        }
    }

    /// Passes every `interval` until the task is cancelled, `afterPass` run after each.
    public func run(every interval: Duration = .seconds(10), afterPass: @Sendable () async -> Void = {}) async {
        while !Task.isCancelled {
            await refreshDue()
            await afterPass()
            try? await Task.sleep(for: interval)
        }
    }
}
