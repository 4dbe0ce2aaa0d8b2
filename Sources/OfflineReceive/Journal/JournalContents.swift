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

  /// Never evict non-terminal records. Refuse new intents at the cap.
  package mutating func save(_ record: JournalRecord) throws(JournalError) {
    if let index = records.firstIndex(where: { $0.intentID == record.intentID }) {
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

  private func full() -> JournalError {
    JournalError(.full, "\(capacity) live requests already; finish or cancel one first")
  }
}
