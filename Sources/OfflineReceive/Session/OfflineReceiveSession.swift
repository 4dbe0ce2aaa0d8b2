import Bolt11

/// One receive sheet's offline option, as a value machine: eligibility, selection and the
/// identity of the current preparation.
///
/// Events are synchronous; what needs the provider (a capability query, a capability check,
/// the preparation itself) is a step the owner (`ReceiveFlow`) runs and answers with the next
/// event, which drops an answer that a newer update, a reset or another preparation overtook.
///
/// What it guarantees:
/// - The request identity is a library-issued `IntentID`; the polling provider uses it as is.
/// - Generations are monotonic `UInt64`s, and `expirePreparation(_:)` drops only the
///   preparation it names.
/// - The "attempted" stickiness ends when the provider reports the intent terminal.
struct OfflineReceiveSession: Sendable {
  private let makeIntentID: @Sendable () -> IntentID

  /// The last snapshot given to `updateEligibility`.
  private(set) var snapshot: EligibilitySnapshot?
  /// Replaced on every update and on reset. 2^64 updates never happen, so `+= 1`
  /// cannot trap in practice.
  private(set) var generation: UInt64 = 0
  /// Whether the provider offers offline receive for the last snapshot.
  private(set) var isEligible = false
  /// Whether the user selected offline receive.
  private(set) var isSelected = false
  /// At most one preparation.
  private(set) var preparation: SessionPreparation?

  /// A session that mints each new preparation's identity with `makeIntentID`.
  init(makeIntentID: @escaping @Sendable () -> IntentID) {
    self.makeIntentID = makeIntentID
  }

  // MARK: - Eligibility and selection

  /// Re-decides eligibility for `snapshot`.
  ///
  /// - Returns: the generation to ask the provider's capability under, when the wallet has the
  ///   liquidity; its answer goes to `capabilityAnswered(_:generation:)`.
  mutating func updateEligibility(_ snapshot: EligibilitySnapshot) -> UInt64? {
    generation += 1
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
    return snapshot.hasLiquidity ? generation : nil
  }

  /// The provider's capability answer for the update of `generation` (an error counts as no).
  mutating func capabilityAnswered(_ answer: Bool, generation: UInt64) {
    // S8/S9: "The late answer is dropped because the generation token changed."
    guard generation == self.generation, let snapshot else { return }
    isEligible = answer
    // S22: "After the provider answers "no", it also clears selection unless an attempt exists
    // for this amount."
    if !answer && !hasAttempt(forAmount: snapshot.amount) { isSelected = false }
  }

  /// Selection may be turned on only when the session is eligible *or* an attempt exists
  /// for the stored snapshot's amount.
  mutating func setSelected(_ selected: Bool) {
    guard selected else {
      isSelected = false
      return
    }
    guard let snapshot else { return }
    if isEligible || hasAttempt(forAmount: snapshot.amount) { isSelected = true }
  }

  /// Can-select requires eligibility *and* exact snapshot equality.
  func canSelect(for snapshot: EligibilitySnapshot) -> Bool {
    isEligible && snapshot == self.snapshot
  }

  /// Clears eligibility, selection, the stored snapshot and the preparation, and replaces the
  /// generation.
  mutating func reset() {
    generation += 1
    snapshot = nil
    isEligible = false
    isSelected = false
    preparation = nil
  }

  /// Whether an attempted preparation exists for exactly this amount and description.
  func hasPreparationAttempt(amount: Millisatoshis, description: String) -> Bool {
    guard let preparation, preparation.attempted else { return false }
    return preparation.amount == amount && preparation.description == description
  }

  /// Attempt matching for selection uses the amount only.
  func hasAttempt(forAmount amount: Millisatoshis) -> Bool {
    guard let preparation, preparation.attempted else { return false }
    return preparation.amount == amount
  }

  /// Drops the preparation (identity and stickiness) without replacing the generation.
  ///
  /// Only the preparation with `intentID` is dropped, so an old invoice's expiry never drops a
  /// newer preparation. A terminal intent is dropped this way: the next attempt gets a new
  /// intent id and a fresh eligibility check, and the ended intent keeps its node request and
  /// invoice.
  /// - Returns: whether it was dropped.
  @discardableResult
  mutating func expirePreparation(_ intentID: IntentID) -> Bool {
    guard preparation?.intentID == intentID else { return false }
    preparation = nil
    return true
  }

  /// Takes over an intent restored after a restart, as an attempted preparation, so that
  /// preparing the same request again resumes it instead of minting a new identity.
  mutating func adopt(_ intentID: IntentID, amount: Millisatoshis, description: String) {
    preparation = SessionPreparation(
      intentID: intentID, amount: amount, description: description, attempted: true)
  }

  /// The intent of the current preparation, if any.
  var preparationIntent: IntentID? { preparation?.intentID }

  // MARK: - Preparation

  /// What a preparation needs next.
  enum PrepareStep: Sendable, Equatable {
    /// Check the provider's capability for the amount, then `capabilityConfirmed(_:)`.
    case checkCapability(SessionPreparation)
    /// Ask the provider to prepare (or resume) the intent.
    case prepare(SessionPreparation)
  }

  /// Starts preparing `snapshot`'s amount with `description`: reuses the preparation of the
  /// same request, or replaces it with a new identity.
  ///
  /// - Throws: why `snapshot` lacks liquidity, before any provider call, for a preparation not
  ///   yet attempted.
  mutating func beginPreparation(_ snapshot: EligibilitySnapshot, description: String)
    throws(OfflineReceiveError) -> PrepareStep
  {
    let amount = snapshot.amount
    // S18: "An existing preparation is reused when amount and description match. Otherwise a
    // new preparation with a fresh id replaces it".
    let current: SessionPreparation
    if let existing = preparation, existing.amount == amount,
      existing.description == description
    {
      // S19: "Once a preparation has been attempted, later preparations of the same (amount,
      // description) skip both the liquidity check and the capability query."
      if existing.attempted { return .prepare(existing) }
      current = existing
    } else {
      current = SessionPreparation(
        intentID: makeIntentID(), amount: amount, description: description, attempted: false)
      preparation = current
    }
    // S16: "The first preparation with a snapshot that lacks liquidity fails with
    // *insufficient liquidity* before any provider call."
    guard snapshot.hasLiquidity else { throw Self.whyNot(snapshot, current.intentID) }
    // S10: "Preparation re-checks capability and creates nothing if it was revoked".
    return .checkCapability(current)
  }

  /// The provider confirmed the capability for `checked`: it is attempted from now on (S17:
  /// before the provider is asked, so a lost answer is resumable).
  ///
  /// - Returns: the preparation to ask the provider for.
  /// - Throws: `CancellationError` when another preparation replaced it meanwhile.
  mutating func capabilityConfirmed(_ checked: SessionPreparation) throws -> SessionPreparation {
    guard preparation?.intentID == checked.intentID else { throw CancellationError() }
    var attempted = checked
    attempted.attempted = true
    preparation = attempted
    return attempted
  }

  /// The provider refused or failed the intent: one that cannot resume is dropped.
  mutating func intentFailed(_ intentID: IntentID, _ error: OfflineReceiveError) {
    if error.endsIntent { expirePreparation(intentID) }
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
}
