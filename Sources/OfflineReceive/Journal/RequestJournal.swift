/// Durable memory of which node request belongs to which receive intent.
///
/// Mutations are serialised by the actor and atomic: after a crash at any instant the journal
/// holds either the state before or the state after each acknowledged call.
public protocol RequestJournal: Actor {
  /// Every record, in the order first written.
  func records() throws(JournalError) -> [JournalRecord]
  /// The record of `intentID`, if any.
  func record(_ intentID: IntentID) throws(JournalError) -> JournalRecord?
  /// Writes `record`, replacing the one with the same intent id.
  ///
  /// - Throws: `journal.full` when this adds a live record beyond the capacity (nothing is
  ///   evicted), `journal.unconfirmed_write`, `journal.io`.
  func save(_ record: JournalRecord) throws(JournalError)
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
