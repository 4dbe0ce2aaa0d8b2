public import Bolt11

/// One receive sheet's offline option: eligibility, selection and the identity of the current
/// preparation.
///
/// What it guarantees:
/// - The request identity is a library-issued `IntentID`; the polling provider uses it as is.
/// - Generations are monotonic `UInt64`s inside this actor, and `expirePreparation(_:)`
///   drops only the preparation it names.
/// - Every provider answer passes through `OfflineInvoiceValidator` with the injected
///   clock, whatever the provider.
/// - The "attempted" stickiness ends when the provider reports the intent terminal.
public actor OfflineReceiveSession {
  private let provider: any OfflineReceiveProvider
  private let scope: WalletScope
  private let display: DisplayPolicy
  private let clock: any WallClock
  private let makeIntentID: @Sendable () -> IntentID

  /// The last snapshot given to `updateEligibility`.
  public private(set) var snapshot: EligibilitySnapshot?
  /// Replaced on every update and on reset. 2^64 updates never happen, so `+= 1`
  /// cannot trap in practice.
  public private(set) var generation: UInt64 = 0
  /// Whether the provider offers offline receive for the last snapshot.
  public private(set) var isEligible = false
  /// Whether the user selected offline receive.
  public private(set) var isSelected = false
  /// At most one preparation.
  package private(set) var preparation: SessionPreparation?

  /// A session for one receive sheet.
  ///
  /// - Parameters:
  ///   - provider: what prepares invoices; nil for a build without offline receive, where
  ///     capability is always false and preparation fails with `offline.unavailable`.
  ///   - scope: our network and node id, for the validator.
  ///   - display: the lifetime rules every invoice must meet.
  ///   - clock: the time invoices are validated at.
  ///   - makeIntentID: a fresh identity per preparation; random by default.
  public init(
    provider: (any OfflineReceiveProvider)? = nil, scope: WalletScope,
    display: DisplayPolicy = DisplayPolicy(), clock: any WallClock,
    makeIntentID: @escaping @Sendable () -> IntentID = {
      var generator = SystemRandomNumberGenerator()
      return IntentID.random(using: &generator)
    }
  ) {
    self.provider = provider ?? UnavailableProvider()
    self.scope = scope
    self.display = display
    self.clock = clock
    self.makeIntentID = makeIntentID
  }

  // MARK: - Eligibility and selection

  /// Re-decides eligibility for `snapshot`, asking the provider only when the wallet has the
  /// liquidity and dropping answers that arrive after a newer update or a reset.
  public func updateEligibility(_ snapshot: EligibilitySnapshot) async {
    generation += 1
    let current = generation
    let amountChanged = snapshot.amount != self.snapshot?.amount
    self.snapshot = snapshot
    isEligible = false
    // S22: "The update clears selection when ... the amount changed; Lightning is unsupported;
    // liquidity is lacking and there is no attempt for this amount."
    if amountChanged || !snapshot.supportsLightning
      || (!snapshot.hasLiquidity && !hasAttempt(forAmount: snapshot.amount))
    {
      isSelected = false
    }
    // S2: invalid amounts and wallet states never reach the provider.
    guard snapshot.hasLiquidity else { return }
    // S6: "A capability error counts as "no" ... The error is swallowed, not propagated."
    let answer = (try? await provider.canReceive(amount: snapshot.amount)) ?? false
    // S8/S9: "The late answer is dropped because the generation token changed."
    guard current == generation else { return }
    isEligible = answer
    // S22: "After the provider answers "no", it also clears selection unless an attempt exists
    // for this amount."
    if !answer && !hasAttempt(forAmount: snapshot.amount) { isSelected = false }
  }

  /// Selection may be turned on only when the session is eligible *or* an attempt exists
  /// for the stored snapshot's amount.
  public func setSelected(_ selected: Bool) {
    guard selected else {
      isSelected = false
      return
    }
    guard let snapshot else { return }
    if isEligible || hasAttempt(forAmount: snapshot.amount) { isSelected = true }
  }

  /// Can-select requires eligibility *and* exact snapshot equality.
  public func canSelect(for snapshot: EligibilitySnapshot) -> Bool {
    isEligible && snapshot == self.snapshot
  }

  /// Clears eligibility, selection, the stored snapshot and the preparation, and replaces the
  /// generation.
  public func reset() {
    generation += 1
    snapshot = nil
    isEligible = false
    isSelected = false
    preparation = nil
  }

  /// Whether an attempted preparation exists for exactly this amount and description.
  public func hasPreparationAttempt(amount: Millisatoshis, description: String) -> Bool {
    guard let preparation, preparation.attempted else { return false }
    return preparation.amount == amount && preparation.description == description
  }

  /// Attempt matching for selection uses the amount only.
  public func hasAttempt(forAmount amount: Millisatoshis) -> Bool {
    guard let preparation, preparation.attempted else { return false }
    return preparation.amount == amount
  }

  /// Drops the preparation (identity and stickiness) without replacing the generation.
  ///
  /// Only the preparation with `intentID` is dropped, so an old invoice's expiry never drops a
  /// newer preparation.
  /// - Returns: whether it was dropped.
  @discardableResult
  public func expirePreparation(_ intentID: IntentID) -> Bool {
    guard preparation?.intentID == intentID else { return false }
    preparation = nil
    return true
  }

  /// Takes over an intent restored after a restart, as an attempted preparation, so that
  /// preparing the same request again resumes it instead of minting a new identity.
  public func adopt(_ intentID: IntentID, amount: Millisatoshis, description: String) {
    preparation = SessionPreparation(
      intentID: intentID, amount: amount, description: description, attempted: true)
  }

  /// The intent of the current preparation, if any.
  public var preparationIntent: IntentID? { preparation?.intentID }

  /// Ends the intent: drops its preparation (the next attempt gets a new intent id and a fresh
  /// eligibility check), then cancels it with the provider.
  ///
  /// - Returns: why the intent ended: `.cancelled`, or `.settled` when it was paid.
  /// - Throws: the provider's cancel error (`offline.retryable` when the node's cancel failed;
  ///   the provider retries it).
  @discardableResult
  public func cancel(_ intentID: IntentID) async throws -> TerminalReason {
    expirePreparation(intentID)
    return try await provider.cancel(intentID: intentID)
  }

  /// Records a payment with the provider (see `OfflineReceiveProvider.paymentReceived(_:)`).
  public func paymentReceived(_ hash: PaymentHash) async throws -> SettledPayment? {
    try await provider.paymentReceived(hash)
  }

  // MARK: - Preparation

  /// Prepares an offline invoice for `snapshot`'s amount and `description`.
  ///
  /// - Returns: the validated invoice (or pending) and the intent id it belongs to.
  /// - Throws: `offline.insufficient_liquidity`, `offline.unavailable` when the capability
  ///   was revoked, `offline.invalid_invoice` for an empty or refused invoice;
  ///   the provider's own errors unchanged, and its capability errors unchanged.
  public func prepareInvoice(_ snapshot: EligibilitySnapshot, description: String) async throws
    -> PrepareOutcome<AcceptedInvoice>
  {
    do {
      return try await prepareOnce(snapshot, description: description)
    } catch let error as OfflineReceiveError where error.code == .intentEnded {
      // The reused intent had ended (cancelled, refused, expired): it keeps its node request
      // and invoice, and the request is prepared under a new intent, with a fresh eligibility
      // check, in the same call.
      return try await prepareOnce(snapshot, description: description)
    }
  }

  /// Why `snapshot` lacks liquidity, each cause its own code: a stopped node is
  /// `offline.node_stopped` (the intent is kept), no Lightning `offline.unavailable`, and no
  /// amount, an unknown or too small capacity `offline.insufficient_liquidity`.
  static func whyNot(_ snapshot: EligibilitySnapshot, _ intentID: IntentID) -> OfflineReceiveError {
    let amount = snapshot.amount
    return
      if !snapshot.supportsLightning
    {
      OfflineReceiveError(
        .unavailable, "this wallet does not receive over Lightning", intentID: intentID)
    } else if !snapshot.isNodeRunning {
      OfflineReceiveError(.nodeStopped, "the node is not running", intentID: intentID)
    } else if amount.rawValue == 0 {
      OfflineReceiveError(
        .insufficientLiquidity, "an offline invoice needs an amount", intentID: intentID)
    } else if let capacity = snapshot.inboundCapacity {
      OfflineReceiveError(
        .insufficientLiquidity, "\(amount) is more than the inbound capacity, \(capacity)",
        intentID: intentID)
    } else {
      OfflineReceiveError(
        .insufficientLiquidity, "the inbound capacity is not known", intentID: intentID)
    }
  }

  private func prepareOnce(_ snapshot: EligibilitySnapshot, description: String) async throws
    -> PrepareOutcome<AcceptedInvoice>
  {
    let amount = snapshot.amount
    // S18: "An existing preparation is reused when amount and description match. Otherwise a
    // new preparation with a fresh id replaces it".
    var current: SessionPreparation
    if let existing = preparation, existing.amount == amount,
      existing.description == description
    {
      current = existing
    } else {
      current = SessionPreparation(
        intentID: makeIntentID(), amount: amount, description: description,
        attempted: false)
      preparation = current
    }
    let intentID = current.intentID
    // S19: "Once a preparation has been attempted, later preparations of the same (amount,
    // description) skip both the liquidity check and the capability query."
    if !current.attempted {
      // S16: "The first preparation with a snapshot that lacks liquidity fails with
      // *insufficient liquidity* before any provider call."
      guard snapshot.hasLiquidity else { throw Self.whyNot(snapshot, intentID) }
      // S10: "Preparation re-checks capability and creates nothing if it was revoked". S16:
      // an error here propagates as-is.
      // Why not, when not: a node fault is retryable and keeps this preparation.
      do {
        try await provider.checkCapability(amount: amount)
      } catch var error as OfflineReceiveError {
        error.intentID = error.intentID ?? intentID
        if error.endsIntent { endStickiness(intentID) }
        throw error
      }
      guard preparation?.intentID == intentID else { throw CancellationError() }
    }
    // S17: attempted before the provider is asked.
    current.attempted = true
    preparation = current
    let answer: PrepareOutcome<String>
    do {
      // S11: the provider's error reaches the caller unchanged, once; no ordinary fallback.
      answer = try await provider.prepareInvoice(
        intentID: intentID, amount: amount, description: description)
    } catch let error as OfflineReceiveError where error.endsIntent {
      endStickiness(intentID)
      throw error
    }
    // S20: "A cancellation observed after the provider answered discards the answer; the
    // preparation stays "attempted"."
    try Task.checkCancellation()
    switch answer {
    case .pending(let pendingIntent, let lastStatus):
      return .pending(pendingIntent, lastStatus: lastStatus)
    case .ready(let bolt11, _):
      return .ready(try await validate(bolt11, current), intentID: intentID)
    }
  }

  private func validate(_ bolt11: String, _ preparation: SessionPreparation) async throws
    -> AcceptedInvoice
  {
    // S20: "An empty bolt11 from the provider fails as *invalid invoice*."
    guard !bolt11.isEmpty else {
      endStickiness(preparation.intentID)
      throw OfflineReceiveError(
        .invalidInvoice, "the provider returned an empty invoice",
        intentID: preparation.intentID)
    }
    let policy = ReceivePolicy(
      scope, amount: preparation.amount, description: preparation.description, display: display)
    switch OfflineInvoiceValidator.validate(bolt11, policy: policy, now: await clock.now()) {
    case .success(let accepted):
      return accepted
    case .failure(let rejection):
      endStickiness(preparation.intentID)
      throw OfflineReceiveError(
        .invalidInvoice, "the provider's invoice was refused: \(rejection.message)",
        intentID: preparation.intentID, rejection: rejection)
    }
  }

  /// A terminal intent is dropped: the next attempt gets a new intent id and a fresh
  /// eligibility check, and the ended intent keeps its node request and invoice.
  private func endStickiness(_ intentID: IntentID) {
    guard preparation?.intentID == intentID else { return }
    preparation = nil
  }
}
