public import Bolt11

/// The polling provider as the session's provider.
extension PollingProvider: OfflineReceiveProvider {
  /// The session's entry point: `prepare(intentID:amount:description:)`.
  public func prepareInvoice(intentID: IntentID, amount: Millisatoshis, description: String)
    async throws -> PrepareOutcome<String>
  {
    switch try await prepare(intentID: intentID, amount: amount, description: description) {
    case .ready(let accepted, let intentID): .ready(accepted.invoice.string, intentID: intentID)
    case .pending(let intentID, let lastStatus): .pending(intentID, lastStatus: lastStatus)
    }
  }
}

/// The polling provider validates every Ready invoice itself.
extension PollingProvider: ValidatingProvider {
  nonisolated var validatingDisplay: DisplayPolicy? { display }

  func prepareValidated(intentID: IntentID, amount: Millisatoshis, description: String)
    async throws -> PrepareOutcome<AcceptedInvoice>?
  {
    try await prepare(intentID: intentID, amount: amount, description: description)
  }
}
