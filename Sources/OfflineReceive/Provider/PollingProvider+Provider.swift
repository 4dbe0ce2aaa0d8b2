/// The polling provider as the session's provider.
extension PollingProvider: OfflineReceiveProvider {
  /// The session's entry point: `prepare(intentID:amountSats:description:)`.
  public func prepareInvoice(intentID: IntentID, amountSats: UInt64, description: String)
    async throws -> ProviderAnswer
  {
    switch try await prepare(intentID: intentID, amountSats: amountSats, description: description)
    {
    case .ready(let accepted): .invoice(accepted.invoice.string)
    case .pending(let intentID, let lastStatus): .pending(intentID, lastStatus: lastStatus)
    }
  }
}
