import Foundation

extension SQLInstallationStore {
    /// One transaction: either everything of the installation goes, or nothing does. Every table
    /// is emptied by the installation key its rows carry, so an org-wide install's uninstall
    /// (keyed by the enterprise) takes what each of its teams saved and queued.
    func deleteEverything(key: String) async throws(InstallationStoreError) -> InstallationRemoval {
        try await database.storeTransaction(failing: InstallationStoreError.self) { connection throws(Database.DatabaseError) in
            let key: [Database.Connection.Parameter] = [.text(key)]
            var removed = InstallationRemoval()
            removed.installations = try connection.run("DELETE FROM installations WHERE installation_key = $1", key)
            removed.preferences = try connection.run("DELETE FROM user_preferences WHERE installation_key = $1", key)
            // A subscription's schedule slots are named after it (`subscription:ID`, `SubscriptionDigests`).
            try connection.run(
                """
                DELETE FROM digest_slots
                WHERE digest IN (SELECT 'subscription:' || id FROM subscriptions WHERE installation_key = $1)
                """,
                key)
            removed.subscriptions = try connection.run("DELETE FROM subscriptions WHERE installation_key = $1", key)
            // Any other slot that names one of these deliveries keeps its slot, without the delivery
            // (SQLite's foreign key from digest_slots).
            try connection.run(
                """
                UPDATE digest_slots SET delivery_id = NULL
                WHERE delivery_id IN (SELECT id FROM deliveries WHERE installation_key = $1)
                """,
                key)
            removed.deliveries = try connection.run("DELETE FROM deliveries WHERE installation_key = $1", key)
            removed.pendingCommands = try connection.run("DELETE FROM pending_commands WHERE installation_key = $1", key)
            return removed
        }
    }
}
