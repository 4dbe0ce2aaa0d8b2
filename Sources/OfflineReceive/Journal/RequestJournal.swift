/// Durable memory of which node request belongs to which receive intent.
///
/// Mutations are serialised by the actor and atomic: after a crash at any instant the journal
/// holds either the state before or the state after each acknowledged call.
public protocol RequestJournal: Actor {
  /// Every record, in the order first written.
  func records() throws(JournalError) -> [JournalRecord]
  /// The record of `intentID`, if any.
  func record(_ intentID: IntentID) throws(JournalError) -> JournalRecord?
  /// Writes `record`, replacing the one with the same intent id, unless that one is settled by
  /// a payment.
  ///
  /// - Throws: `journal.stale` when the record held is settled by a payment (no save replaces
  ///   it), `journal.invalid_record` for a record the journal's reader would refuse,
  ///   `journal.full` when this adds a live record beyond the capacity (nothing is evicted),
  ///   `journal.unconfirmed_write`, `journal.io`.
  func save(_ record: JournalRecord) throws(JournalError)
  /// Writes `record` only when the journal still holds `expected`, the version of the record
  /// it was computed from (nil: no record of that intent), in one step: a writer in another
  /// process that moved the record on meanwhile is never overwritten.
  ///
  /// - Throws: `journal.stale` when the record held is not `expected` (nothing is written;
  ///   read it again), and what `save(_:)` throws.
  func save(_ record: JournalRecord, replacing expected: JournalRecord?) throws(JournalError)
  /// Forgets one intent.
  func remove(_ intentID: IntentID) throws(JournalError)
  /// Forgets every record of one wallet: for a wallet wipe.
  func removeAll(scope: WalletScope) throws(JournalError)
  /// Forgets every terminal record (tombstone).
  func pruneTerminal() throws(JournalError)
  /// Forgets every ended record for which no payment can arrive any more at `now` (Unix
  /// seconds): one that never showed an invoice, or whose invoice expired at least `margin`
  /// seconds ago. `PollingProvider` calls it before each new intent.
  func pruneEnded(asOf now: UInt64, margin: UInt64) throws(JournalError)
}

extension RequestJournal {
  /// `save(_:)` after comparing the record held with `expected`, with no suspension between
  /// them: atomic for a journal whose records live in this actor only. A journal shared between
  /// processes compares under its lock instead (`FileRequestJournal` does).
  public func save(_ record: JournalRecord, replacing expected: JournalRecord?)
    throws(JournalError)
  {
    let held = try self.record(record.intentID)
    guard held == expected || held == record else {
      throw JournalContents.stale(record.intentID)
    }
    try save(record)
  }
}
