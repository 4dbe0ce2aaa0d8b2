/// What `PollingProvider.restore()` found for every unfinished intent of the wallet.
///
/// Every unfinished record appears in exactly one list; nothing is dropped.
public struct RestoreReport: Sendable, Equatable {
  /// Ready again, validated: these may be displayed without a new prepare.
  public var ready: [PrepareOutcome<AcceptedInvoice>] = []
  /// Still being prepared by the node: resume them later with the same intent id.
  public var pending: [IntentID] = []
  /// Paid while the wallet was away.
  public var settled: [IntentID] = []
  /// Ended while the wallet was away (expired, failed, refused), or whose pending cancel has now
  /// been confirmed by the node.
  public var ended: [IntentID] = []
  /// Could not be restored now; each error carries its intent id. Restore again later.
  public var failures: [OfflineReceiveError] = []
  /// The journal was found damaged while restoring: each `journal.corrupt` error names where
  /// the damaged file was set aside and how many records were salvaged. The lists above are
  /// made from the salvaged records; tell the user, and keep the damaged copy for support.
  public var journalDamage: [JournalError] = []

  /// An empty report.
  public init() {}
}
