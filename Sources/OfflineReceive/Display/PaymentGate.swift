import Bolt11

/// Admits a validated offline invoice for display only when it is not paid: a value machine.
///
/// Every event is a synchronous step on the gate's state; the reads a registration needs (the
/// payment history, the provider's status of the intent, the wall clock) are steps it asks for
/// and its owner (`ReceiveFlow`) runs, feeding each answer back as the next event. So the
/// gate's state only changes inside an event, and a registration that outlived a reset or a
/// payment learns so from the event that follows the read, not from a re-check around it.
///
/// What it guarantees:
/// - Tokens are monotonic `UInt64` preparation generations, replaced only by `reset()` and
///   `beginPreparation()`. Expiry and payment retire only the registration whose hash they
///   concern; they never invalidate a newer preparation.
/// - Besides payment history, the provider's status of the intent is checked when the
///   registration names it: settled, expired or failed means "do not display".
/// - History is re-read while payment events arrive during the read, at most
///   `maxHistoryReads` times; then the answer is the retryable `offline.history_busy`.
/// - Hashes compare as 32 bytes.
struct PaymentGate: Sendable {
  /// The most history reads of one registration while payment events keep arriving.
  let maxHistoryReads: Int
  /// The current preparation's token.
  private(set) var token: UInt64 = 0
  /// Replaced on every payment event.
  private(set) var paymentSequence: UInt64 = 0
  /// The registered invoice, at most one.
  private(set) var registered: AcceptedInvoice?
  /// Hashes announced by payment events in this process: an invoice paid during its own
  /// preparation is never admitted, even when history lags.
  private var announcedPayments: Set<PaymentHash> = []

  /// A gate that reads the history at most `maxHistoryReads` times per registration.
  init(maxHistoryReads: Int = 4) {
    self.maxHistoryReads = max(1, maxHistoryReads)
  }

  /// One registration under way: what it admits, under which token, and how far it got.
  struct Registration: Sendable {
    let invoice: AcceptedInvoice
    let token: UInt64
    /// The intent whose provider status is checked; nil skips that check.
    let statusOf: IntentID?
    /// The payment sequence when the current history read started.
    fileprivate(set) var sequence: UInt64 = 0
    fileprivate(set) var reads = 0

    init(_ invoice: AcceptedInvoice, token: UInt64, statusOf: IntentID? = nil) {
      self.invoice = invoice
      self.token = token
      self.statusOf = statusOf
    }
  }

  /// What a registration needs next.
  enum Step: Sendable, Equatable {
    /// Read the payment history and feed it to `historyRead(_:cancelled:_:)`.
    case readHistory
    /// Read the provider's status of the intent and feed it to `providerStatusRead(_:_:)`.
    case readProviderStatus(IntentID)
    /// Read the wall clock and feed it to `clockRead(_:_:)`.
    case readClock
    /// Finished: admitted (nil) or the refusal.
    case done(RegistrationRefusal?)
  }

  /// Drops the registration and invalidates every outstanding token.
  mutating func reset() {
    token += 1
    registered = nil
  }

  /// A reset that returns the new preparation's token.
  mutating func beginPreparation() -> UInt64 {
    reset()
    return token
  }

  /// A payment event always replaces the payment generation. It removes the registered
  /// invoice only if the hash matches.
  mutating func paymentReceived(_ hash: PaymentHash) {
    paymentSequence += 1
    announcedPayments.insert(hash)
    if registered?.paymentHash == hash { registered = nil }
  }

  /// Retires the registration of `hash` only, e.g. at its expiry.
  mutating func retire(_ hash: PaymentHash) {
    if registered?.paymentHash == hash { registered = nil }
  }

  /// The exact invoice is registered and its display time is not over at `now`.
  func contains(_ invoice: AcceptedInvoice, now: UInt64) -> Bool {
    registered == invoice && now < invoice.displayUntil
  }

  /// Starts admitting `registration.invoice`: refused at once when its token is stale or the
  /// invoice was announced paid, otherwise the first history read.
  func start(_ registration: inout Registration) -> Step {
    // R9: "A token mismatch is checked before the read." R7: zero history reads.
    guard registration.token == token else { return .done(.stalePreparation) }
    guard !announcedPayments.contains(registration.invoice.paymentHash) else {
      return .done(.alreadyPaid)
    }
    return nextRead(&registration)
  }

  /// The history read of `registration` answered `payments` (nil: unavailable); `cancelled`
  /// says whether the registering task was cancelled meanwhile.
  func historyRead(
    _ payments: [PaymentRecord]?, cancelled: Bool, _ registration: inout Registration
  )
    -> Step
  {
    // R9: "Token, expiry and cancellation are checked again after the read." Cancellation
    // first: a cancelled call throws CancellationError even when its retry has taken the turn.
    guard !cancelled else { return .done(.cancelled) }
    guard registration.token == token else { return .done(.stalePreparation) }
    // R4/R5: a payment event during the read makes the snapshot stale: read again.
    guard registration.sequence == paymentSequence else { return nextRead(&registration) }
    let hash = registration.invoice.paymentHash
    guard !announcedPayments.contains(hash) else { return .done(.alreadyPaid) }
    // R2: "Missing history refuses display".
    guard let payments else { return .done(.historyUnavailable) }
    // R1/R3: only a matching, succeeded, inbound BOLT11 payment counts.
    guard !payments.contains(where: { $0.pays(hash) }) else { return .done(.alreadyPaid) }
    if let intentID = registration.statusOf { return .readProviderStatus(intentID) }
    return .readClock
  }

  /// The provider's status of the intent, or nil when it could not be read.
  func providerStatusRead(_ status: NodeRequestStatus?, _ registration: inout Registration)
    -> Step
  {
    guard let status else { return .done(.providerStatusUnknown) }
    guard registration.token == token else { return .done(.stalePreparation) }
    guard registration.sequence == paymentSequence else { return nextRead(&registration) }
    // W10: "Settled, expired or failed means "do not display"."
    guard !status.isTerminal else { return .done(.providerTerminal) }
    return .readClock
  }

  /// The wall clock at the end of the checks: the invoice is registered when its display time
  /// is not over and nothing overtook the registration.
  mutating func clockRead(_ now: UInt64, _ registration: inout Registration) -> Step {
    guard now < registration.invoice.displayUntil else { return .done(.displayExpired) }
    guard registration.token == token else { return .done(.stalePreparation) }
    guard registration.sequence == paymentSequence else { return nextRead(&registration) }
    registered = registration.invoice
    return .done(nil)
  }

  private func nextRead(_ registration: inout Registration) -> Step {
    guard registration.reads < maxHistoryReads else { return .done(.historyBusy) }
    registration.reads += 1
    registration.sequence = paymentSequence
    return .readHistory
  }
}
