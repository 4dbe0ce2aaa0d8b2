internal import Bolt11
public import OfflineReceive

/// A request journal that lives only as long as the process: for tests and previews.
public actor InMemoryRequestJournal: RequestJournal {
  private var contents: JournalContents

  /// A journal holding `records`, refusing new live records beyond `capacity` as the file
  /// journal does.
  public init(capacity: Int = 16, records: [JournalRecord] = []) {
    contents = JournalContents(capacity: capacity)
    for record in records { try? contents.save(record) }
  }

  public func records() -> [JournalRecord] { contents.records }
  public func record(_ intentID: IntentID) -> JournalRecord? { contents.record(intentID) }
  public func save(_ record: JournalRecord) throws(JournalError) { try contents.save(record) }
  public func remove(_ intentID: IntentID) { contents.remove(intentID) }
  public func removeAll(scope: WalletScope) { contents.removeAll(scope: scope) }
  public func pruneTerminal() { contents.pruneTerminal() }
  public func pruneEnded(asOf now: UInt64, margin: UInt64) {
    contents.pruneEnded(asOf: now, margin: margin)
  }
}
