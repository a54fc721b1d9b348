import Foundation
import Synchronization

/// At most `size` connections to one database, shared by every store of a process
/// (`TENKI_DATABASE_POOL_SIZE`). A task takes a connection, runs its blocking work on the pool's
/// own threads (never on Swift's cooperative pool, which the listener's handlers share) and gives
/// it back; when all are busy it waits, without holding a thread, for one to come back.
///
/// Connections are opened when first needed. A connection that broke (the server restarted or
/// failed over) is closed when given back, and the next task opens a fresh one; a transaction
/// whose `BEGIN` finds the connection dead is retried once on a new connection, since nothing of
/// it reached the server.
public final class PostgresPool: Sendable {
    public let url: PostgresURL
    public let size: Int
    /// The longest one piece of work may hold a connection before its statement is cancelled
    /// (`PQcancel`, which any pooler passes on): a lock held elsewhere or a stuck server cannot
    /// hold a request, or a connection, for ever.
    public let statementTimeout: Duration
    /// libpq's `PQexecParams` and `PQconnectdb` block until the server answers, so they run on
    /// this queue's threads (at most `size` at once, one per connection in use).
    private let queue = DispatchQueue(label: "tenki.postgres", attributes: .concurrent)
    private let state = Mutex(State())

    private struct State {
        var idle: [PostgresConnection] = []
        var opened = 0
        var waiters: [CheckedContinuation<Grant, Never>] = []
        /// After a failed connect, no new one is tried before this; the failure is given instead.
        var refuseConnectsUntil: ContinuousClock.Instant?
        var lastConnectFailure: PostgresError?
        var backoff: Duration = .zero
        /// Connects tried, for tests and metrics.
        var connectAttempts = 0
    }

    /// The first wait after a failed connect, doubled after each further failure up to `maximumBackoff`.
    static let firstBackoff: Duration = .milliseconds(100)
    static let maximumBackoff: Duration = .seconds(5)

    /// What a waiting task is given: a connection, or the right to open one.
    private enum Grant: Sendable {
        case connection(PostgresConnection)
        case open
    }

    /// Loads libpq (throwing `.libraryUnavailable` when it is missing); connects on first use.
    public init(url: PostgresURL, size: Int, statementTimeout: Duration = .seconds(5)) throws(PostgresError) {
        try PostgresConnection.loadLibrary()
        self.url = url
        self.size = max(1, size)
        self.statementTimeout = statementTimeout
    }

    /// Runs `body` with a connection of the pool, off the cooperative thread pool.
    public func perform<Value: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) throws(PostgresError) -> Value
    ) async throws(PostgresError) -> Value {
        let connection = try await acquire()
        let (queue, timeout) = (queue, statementTimeout.timeInterval)
        // On the pool's threads: `cancel(work:)` holds the connection's lock while `PQcancel`
        // reaches the server, and marking the work's start and end may wait for it.
        let outcome = await offThePool { () throws(PostgresError) -> Value in
            let generation = connection.beginWork()
            queue.asyncAfter(deadline: .now() + timeout) { connection.cancel(work: generation) }
            defer { connection.endWork() }
            return try body(connection)
        }
        release(connection)
        if case .failure(let error) = outcome, error.sqlState == "57014" {
            throw PostgresError(
                error.kind, operation: error.operation, sqlState: error.sqlState,
                message: "cancelled after \(statementTimeout.milliseconds) ms (the statement timeout)")
        }
        return try outcome.get()
    }

    /// Runs `body` in a transaction (READ COMMITTED): commits when it returns, rolls back when it throws.
    public func performTransaction<Value: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) throws(PostgresError) -> Value
    ) async throws(PostgresError) -> Value {
        var attempt = 0
        while true {
            attempt += 1
            do {
                return try await perform { connection throws(PostgresError) -> Value in
                    try Self.transaction(on: connection, body)
                }
            } catch let error where error.operation == "begin" && error.kind == .connectionLost && attempt == 1 {
                continue
            }
        }
    }

    /// `body` between `BEGIN` and `COMMIT` on `connection`; `ROLLBACK` when it throws.
    static func transaction<Value>(
        on connection: PostgresConnection, _ body: (PostgresConnection) throws(PostgresError) -> Value
    ) throws(PostgresError) -> Value {
        do {
            try connection.execute("BEGIN")
        } catch {
            throw PostgresError(error.kind, operation: "begin", sqlState: error.sqlState, message: error.message)
        }
        do {
            let value = try body(connection)
            try connection.execute("COMMIT")
            return value
        } catch {
            if connection.isUsable { _ = try? connection.execute("ROLLBACK") }
            throw error
        }
    }

    private func acquire() async throws(PostgresError) -> PostgresConnection {
        let grant = await withCheckedContinuation { (continuation: CheckedContinuation<Grant, Never>) in
            let now: Grant? = state.withLock { state in
                if let connection = state.idle.popLast() { return .connection(connection) }
                if state.opened < size {
                    state.opened += 1
                    return .open
                }
                state.waiters.append(continuation)
                return nil
            }
            if let now { continuation.resume(returning: now) }
        }
        switch grant {
        case .connection(let connection):
            return connection
        case .open:
            if let refused = refusedConnect() {
                giveBackSlot()
                throw refused
            }
            let url = self.url
            let opened = await offThePool { () throws(PostgresError) -> PostgresConnection in
                try PostgresConnection(url: url)
            }
            recordConnect(opened)
            if case .failure = opened { giveBackSlot() }
            return try opened.get()
        }
    }

    private func release(_ connection: PostgresConnection) {
        guard connection.isUsable else {
            giveBackSlot()
            return
        }
        let waiter: CheckedContinuation<Grant, Never>? = state.withLock { state in
            guard !state.waiters.isEmpty else {
                state.idle.append(connection)
                return nil
            }
            return state.waiters.removeFirst()
        }
        waiter?.resume(returning: .connection(connection))
    }

    /// A connection slot is free again (a broken connection closed, or a connect that failed).
    private func giveBackSlot() {
        let waiter: CheckedContinuation<Grant, Never>? = state.withLock { state in
            guard !state.waiters.isEmpty else {
                state.opened -= 1
                return nil
            }
            return state.waiters.removeFirst()
        }
        waiter?.resume(returning: .open)
    }

    /// The last connect's failure while the backoff after it lasts (nil: try to connect), counting
    /// the attempt otherwise: while the server is away, callers fail at once instead of each
    /// waiting for a connect of its own.
    private func refusedConnect() -> PostgresError? {
        state.withLock { state in
            if let until = state.refuseConnectsUntil, ContinuousClock.now < until, let failure = state.lastConnectFailure {
                return failure
            }
            state.connectAttempts += 1
            return nil
        }
    }

    private func recordConnect(_ outcome: Result<PostgresConnection, PostgresError>) {
        state.withLock { state in
            switch outcome {
            case .success:
                (state.refuseConnectsUntil, state.lastConnectFailure, state.backoff) = (nil, nil, .zero)
            case .failure(let error):
                state.backoff = min(Self.maximumBackoff, state.backoff == .zero ? Self.firstBackoff : state.backoff * 2)
                state.refuseConnectsUntil = ContinuousClock.now + state.backoff
                state.lastConnectFailure = error
            }
        }
    }

    /// Connects tried so far (those the backoff refused are not counted).
    public var connectAttempts: Int { state.withLock { $0.connectAttempts } }

    /// Connections open right now (idle or in use), for tests and metrics.
    public var openConnections: Int { state.withLock { $0.opened } }

    private func offThePool<Value: Sendable>(
        _ work: @escaping @Sendable () throws(PostgresError) -> Value
    ) async -> Result<Value, PostgresError> {
        await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, PostgresError>, Never>) in
            queue.async {
                continuation.resume(returning: Result { () throws(PostgresError) -> Value in try work() })
            }
        }
    }
}
