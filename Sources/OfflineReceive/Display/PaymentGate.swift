public import Bolt11

/// Admits a validated offline invoice for display only when it is not paid.
///
/// What it guarantees:
/// - Tokens are monotonic `UInt64` preparation generations, replaced only by `reset()` and
///   `beginPreparation()`. Expiry and payment retire only the registration whose hash they
///   concern; they never invalidate a newer preparation.
/// - Besides payment history, the provider's status of the intent is checked: settled,
///   expired or failed means "do not display".
/// - History is re-read while payment events arrive during the read, at most
///   `maxHistoryReads` times; then the answer is the retryable `offline.history_busy`.
/// - Time is a parameter or the injected clock, never the wall clock.
/// - Hashes compare as 32 bytes.
public actor PaymentGate {
  private let history: @Sendable () async -> [PaymentRecord]?
  private let providerStatus: (@Sendable (IntentID) async throws -> NodeRequestStatus)?
  private let clock: any WallClock
  private let maxHistoryReads: Int

  /// The current preparation's token.
  public private(set) var token: UInt64 = 0
  /// Replaced on every payment event.
  public private(set) var paymentSequence: UInt64 = 0
  /// The registered invoice, at most one, with the token it was registered under.
  public private(set) var registered: AcceptedInvoice?
  /// Hashes announced by payment events in this process: an invoice paid during its own
  /// preparation is never admitted, even when history lags.
  private var announcedPayments: Set<PaymentHash> = []

  /// A gate over the wallet's payment history.
  ///
  /// - Parameters:
  ///   - history: reads the wallet's payment history: every known payment, or nil while the
  ///     history is unavailable (a history that is not yet synced counts as unavailable).
  ///   - providerStatus: the provider's status of an intent; nil skips that check.
  ///   - clock: the time an invoice's display end is checked against.
  ///   - maxHistoryReads: the most history reads while payment events keep arriving.
  public init(
    history: @escaping @Sendable () async -> [PaymentRecord]?,
    providerStatus: (@Sendable (IntentID) async throws -> NodeRequestStatus)? = nil,
    clock: any WallClock, maxHistoryReads: Int = 4
  ) {
    self.history = history
    self.providerStatus = providerStatus
    self.clock = clock
    self.maxHistoryReads = max(1, maxHistoryReads)
  }

  /// Drops the registration and invalidates every outstanding token.
  public func reset() {
    token += 1
    registered = nil
  }

  /// A reset that returns the new preparation's token.
  public func beginPreparation() -> UInt64 {
    reset()
    return token
  }

  /// A payment event always replaces the payment generation. It removes the registered
  /// invoice only if the hash matches.
  public func paymentReceived(_ hash: PaymentHash) {
    paymentSequence += 1
    announcedPayments.insert(hash)
    if registered?.paymentHash == hash { registered = nil }
  }

  /// Retires the registration of `hash` only, e.g. at its expiry.
  public func retire(_ hash: PaymentHash) {
    if registered?.paymentHash == hash { registered = nil }
  }

  /// The exact invoice is registered and its display time is not over at `now`.
  public func contains(_ invoice: AcceptedInvoice, now: UInt64) -> Bool {
    registered == invoice && now < invoice.displayUntil
  }

  /// Admits `invoice` for display under `token`, unless it is paid, stale or over.
  ///
  /// - Parameters:
  ///   - invoice: the validated invoice to admit.
  ///   - token: the token `beginPreparation()` gave this preparation.
  ///   - intentID: the provider's intent, for the provider-status check.
  /// - Returns: nil when registered, or the first refusal found.
  public func register(_ invoice: AcceptedInvoice, token: UInt64, intentID: IntentID? = nil)
    async -> RegistrationRefusal?
  {
    // R9: "A token mismatch is checked before the read." R7: zero history reads.
    guard token == self.token else { return .stalePreparation }
    guard !announcedPayments.contains(invoice.paymentHash) else { return .alreadyPaid }
    for _ in 0..<maxHistoryReads {
      let sequence = paymentSequence
      let payments = await history()
      // R9: "Token, expiry and cancellation are checked again after the read."
      guard token == self.token else { return .stalePreparation }
      guard !Task.isCancelled else { return .cancelled }
      // R4/R5: a payment event during the read makes the snapshot stale: read again.
      guard sequence == paymentSequence else { continue }
      guard !announcedPayments.contains(invoice.paymentHash) else {
        return .alreadyPaid
      }
      // R2: "Missing history refuses display".
      guard let payments else { return .historyUnavailable }
      // R1/R3: only a matching, succeeded, inbound BOLT11 payment counts.
      guard !payments.contains(where: { $0.pays(invoice.paymentHash) }) else {
        return .alreadyPaid
      }
      if let providerStatus, let intentID {
        let status: NodeRequestStatus
        do {
          status = try await providerStatus(intentID)
        } catch {
          return .providerStatusUnknown
        }
        guard token == self.token else { return .stalePreparation }
        guard sequence == paymentSequence else { continue }
        // W10: "Settled, expired or failed means "do not display"."
        guard !status.isTerminal else { return .providerTerminal }
      }
      guard await clock.now() < invoice.displayUntil else { return .displayExpired }
      guard token == self.token else { return .stalePreparation }
      guard sequence == paymentSequence else { continue }
      registered = invoice
      return nil
    }
    return .historyBusy
  }
}
