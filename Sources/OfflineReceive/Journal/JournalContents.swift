/// The journal's records and their rules, shared by the in-memory and the file journal.
package struct JournalContents: Sendable, Equatable {
  /// Live records allowed at once; at the cap a new live record is refused, never evicted.
  package var capacity: Int
  package private(set) var records: [JournalRecord] = []

  package init(capacity: Int, records: [JournalRecord] = []) {
    self.capacity = capacity
    self.records = records
  }

  package func record(_ intentID: IntentID) -> JournalRecord? {
    records.first { $0.intentID == intentID }
  }

  package var liveCount: Int { records.count { $0.state.isLive } }

  /// Never evict non-terminal records. Refuse new intents at the cap. A record settled by a
  /// payment is never replaced, and a record the reader would refuse is never written.
  package mutating func save(_ record: JournalRecord) throws(JournalError) {
    guard StoredRecord.isReadable(record) else {
      throw JournalError(
        .invalidRecord,
        "intent \(record.intentID): a ready record needs its payment hash and expiry")
    }
    if let index = records.firstIndex(where: { $0.intentID == record.intentID }) {
      guard records[index] == record || !records[index].isPaid else {
        throw Self.stale(record.intentID, paid: true)
      }
      let addsLive = record.state.isLive && !records[index].state.isLive
      if addsLive && liveCount >= capacity { throw full() }
      records[index] = record
    } else {
      if record.state.isLive && liveCount >= capacity { throw full() }
      records.append(record)
    }
  }

  package mutating func remove(_ intentID: IntentID) {
    records.removeAll { $0.intentID == intentID }
  }

  package mutating func removeAll(scope: WalletScope) { records.removeAll { $0.scope == scope } }

  package mutating func pruneTerminal() { records.removeAll { !$0.state.isLive } }

  /// Drops ended records no payment can arrive for: one that never showed an invoice, or whose
  /// invoice expired `margin` seconds or more before `now`. One with a hash but no expiry stays.
  package mutating func pruneEnded(asOf now: UInt64, margin: UInt64) {
    records.removeAll { record in
      guard !record.state.isLive else { return false }
      guard record.paymentHash != nil else { return true }
      guard let expiresAt = record.expiresAt else { return false }
      let (end, overflow) = expiresAt.addingReportingOverflow(margin)
      return !overflow && end <= now
    }
  }

  /// Applies a change read back from the file journal. Its writer checked the capacity, so it is
  /// not checked again: a journal opened with a smaller capacity still reads every record.
  package mutating func replay(_ change: JournalChange) {
    switch change {
    case .save(let record):
      if let index = records.firstIndex(where: { $0.intentID == record.intentID }) {
        records[index] = record
      } else {
        records.append(record)
      }
    case .remove(let intentIDs):
      let forgotten = Set(intentIDs)
      records.removeAll { forgotten.contains($0.intentID) }
    }
  }

  /// `save(_:)` when the record held is `expected`, the version `record` was computed from.
  package mutating func save(_ record: JournalRecord, replacing expected: JournalRecord?)
    throws(JournalError)
  {
    let held = self.record(record.intentID)
    guard held == expected || held == record else { throw Self.stale(record.intentID) }
    try save(record)
  }

  /// The refusal of a save computed from a version of the record that is no longer held.
  package static func stale(_ intentID: IntentID, paid: Bool = false) -> JournalError {
    JournalError(
      .stale,
      paid
        ? "intent \(intentID) is settled by a payment; no save replaces it"
        : "intent \(intentID) moved on since the version this save was computed from")
  }

  private func full() -> JournalError {
    JournalError(.full, "\(capacity) live requests already; finish or cancel one first")
  }
}
