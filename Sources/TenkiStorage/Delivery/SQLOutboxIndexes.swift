/// Migration text both databases share (SQLite's version 11, PostgreSQL's version 6): the indexes a
/// claim and a queue round read instead of the deliveries table. Pending rows only, in the order a
/// claim takes them (`deliveries_claim`) and by destination (`deliveries_lanes`), with the columns it
/// decides on, so a claim reads neither the table nor a body until it has chosen; and for each
/// round's reads, the claimed rows by lease and the pending rows by age. Like every migration, it
/// never changes once released: a new index is a new migration.
enum SQLOutboxIndexes {
    static let claim = """
        CREATE INDEX deliveries_claim ON deliveries (next_attempt_at, id, lease_until, destination_hash, state)
            WHERE state = 'pending';
        CREATE INDEX deliveries_lanes ON deliveries (destination_hash, next_attempt_at, id, lease_until, state)
            WHERE state = 'pending';
        CREATE INDEX deliveries_leased ON deliveries (lease_until, next_attempt_at, state)
            WHERE state = 'pending' AND lease_until IS NOT NULL;
        CREATE INDEX deliveries_pending_age ON deliveries (created_at, state) WHERE state = 'pending';
        """
}
