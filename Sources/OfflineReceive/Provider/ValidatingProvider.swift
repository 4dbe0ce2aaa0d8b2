import Bolt11

/// A provider that can hand over the invoices it validated itself, so that they are not
/// validated again: the polling provider, and the gate over it.
protocol ValidatingProvider: OfflineReceiveProvider {
  /// The lifetime rules the invoices were validated against; nil when this provider hands over
  /// raw text only.
  var validatingDisplay: DisplayPolicy? { get }

  /// The preparation with its invoice as this provider validated it; nil when it hands over
  /// raw text only (`prepareInvoice`), which the caller then validates.
  func prepareValidated(intentID: IntentID, amount: Millisatoshis, description: String)
    async throws -> PrepareOutcome<AcceptedInvoice>?
}
