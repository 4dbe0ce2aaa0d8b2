public import Bolt11

/// The wallet side of offline receive, in one actor: the receive sheet's eligibility and
/// selection, the payment gate every offline invoice passes, and what the QR shows.
///
/// Those three parts are values this actor holds (nothing else can reach them); their events
/// are synchronous and return what to do next, and this actor does it: the provider's calls,
/// the payment history reads, the clock reads and the ordinary invoice's storage. A read's
/// answer goes back to the part as its next event, so a reset, a payment or a newer request
/// that lands during the read is seen by that event, never re-checked around the await.
///
/// Offline mode never falls back to an ordinary invoice: every failure is the offline
/// layer's own error.
public actor ReceiveFlow {
  private let provider: any OfflineReceiveProvider
  /// The provider when it validates its invoices itself (the polling provider, or the gate
  /// over it): they are not validated again.
  private let validating: (any ValidatingProvider)?
  private let scope: WalletScope
  private let rules: DisplayPolicy
  private let history: @Sendable () async -> [PaymentRecord]?
  private let providerStatus: (@Sendable (IntentID) async throws -> NodeRequestStatus)?
  private let clock: any WallClock
  private let persistOrdinary: (@Sendable (DisplayedInvoice?) async -> Void)?
  private let persistDisplayDeadline: (@Sendable (DisplayDeadline?) async -> Void)?
  /// Eligibility, selection and the preparation.
  private(set) var session: OfflineReceiveSession
  /// What the QR shows, with the payment gate.
  private(set) var display: OfflineDisplayStore
  /// Every presentation of the receive sheet has a fresh identity.
  public private(set) var presentation: UInt64 = 0
  /// The intent of the displayed offline invoice.
  public private(set) var displayedIntent: IntentID?

  /// The wallet side over any provider.
  ///
  /// - Parameters:
  ///   - provider: what prepares invoices; nil for a build without offline receive, where
  ///     capability is always false and preparation fails with `offline.unavailable`. A
  ///     `PollingProvider`'s invoices (also behind a `GatedProvider`) are used as it validated
  ///     them, and its `display` rules are the flow's; any other provider's are validated here,
  ///     against `scope` and `display`.
  ///   - scope: this wallet's network and node id.
  ///   - history: reads the wallet's payment history: every known payment, or nil while the
  ///     history is unavailable or not yet synced.
  ///   - providerStatus: the provider's status of an intent, checked before display; nil skips
  ///     that check.
  ///   - clock: `SystemClock` in production.
  ///   - display: the lifetime rules of offline invoices from a provider that does not validate
  ///     them itself: their clock skew is taken off the time an invoice stays on the QR. Ignored
  ///     for a `PollingProvider` (also behind a `GatedProvider`), whose own rules apply.
  ///   - ordinary: the persisted ordinary invoice, if any.
  ///   - persistOrdinary: stores the ordinary invoice across launches, or removes it (nil);
  ///     nil for offline-only use. Offline invoices never reach it.
  ///   - displayDeadline: the deadline the wallet stored through `persistDisplayDeadline`, if
  ///     any: an invoice restored after a restart is never shown past it.
  ///   - persistDisplayDeadline: stores the deadline an offline invoice gets when it is first
  ///     shown, or removes it (nil) once that invoice is paid, expired or cancelled; nil keeps
  ///     none, and a restored invoice then gets a deadline counted from its restore.
  ///   - maxHistoryReads: the most history reads of one registration while payment events
  ///     keep arriving.
  ///   - makeIntentID: a fresh identity per preparation; random by default.
  public init(
    provider: (any OfflineReceiveProvider)?, scope: WalletScope,
    history: @escaping @Sendable () async -> [PaymentRecord]?,
    providerStatus: (@Sendable (IntentID) async throws -> NodeRequestStatus)? = nil,
    clock: any WallClock, display: DisplayPolicy = DisplayPolicy(),
    ordinary: DisplayedInvoice? = nil,
    persistOrdinary: (@Sendable (DisplayedInvoice?) async -> Void)? = nil,
    displayDeadline: DisplayDeadline? = nil,
    persistDisplayDeadline: (@Sendable (DisplayDeadline?) async -> Void)? = nil,
    maxHistoryReads: Int = 4,
    makeIntentID: @escaping @Sendable () -> IntentID = {
      var generator = SystemRandomNumberGenerator()
      return IntentID.random(using: &generator)
    }
  ) {
    self.provider = provider ?? UnavailableProvider()
    let validating = provider as? any ValidatingProvider
    // A validating provider's rules are those its invoices were checked against.
    let display = validating?.validatingDisplay ?? display
    self.validating = validating
    self.scope = scope
    self.rules = display
    self.history = history
    self.providerStatus = providerStatus
    self.clock = clock
    self.persistOrdinary = persistOrdinary
    self.persistDisplayDeadline = persistDisplayDeadline
    self.session = OfflineReceiveSession(makeIntentID: makeIntentID)
    self.display = OfflineDisplayStore(
      ordinary: ordinary, display: display, maxHistoryReads: maxHistoryReads,
      firstDeadline: displayDeadline)
  }

  /// The whole wallet side over one polling provider: it prepares, its status of the intent
  /// is checked before display, and its cancels retire the QR (`observe(_:)`).
  ///
  /// The QR follows the provider's lifetime rules (`PollingProvider.display`), those its
  /// invoices were validated against.
  ///
  /// - Parameters:
  ///   - provider: the polling provider over the adapter's node client.
  ///   - scope: this wallet's network and node id.
  ///   - history: reads the wallet's payment history: every known payment, or nil while the
  ///     history is unavailable or not yet synced.
  ///   - clock: `SystemClock` in production.
  ///   - ordinary: the persisted ordinary invoice, if any.
  ///   - persistOrdinary: stores the ordinary invoice across launches; nil for offline-only use.
  ///   - displayDeadline: the deadline stored through `persistDisplayDeadline`, if any.
  ///   - persistDisplayDeadline: stores the deadline an offline invoice gets when first shown
  ///     (nil once it is paid, expired or cancelled), so that a restored invoice never outlives
  ///     it.
  public init(
    provider: PollingProvider, scope: WalletScope,
    history: @escaping @Sendable () async -> [PaymentRecord]?, clock: any WallClock,
    ordinary: DisplayedInvoice? = nil,
    persistOrdinary: (@Sendable (DisplayedInvoice?) async -> Void)? = nil,
    displayDeadline: DisplayDeadline? = nil,
    persistDisplayDeadline: (@Sendable (DisplayDeadline?) async -> Void)? = nil
  ) async {
    self.init(
      provider: provider as any OfflineReceiveProvider, scope: scope, history: history,
      providerStatus: { try await provider.status(of: $0) }, clock: clock,
      ordinary: ordinary, persistOrdinary: persistOrdinary, displayDeadline: displayDeadline,
      persistDisplayDeadline: persistDisplayDeadline)
    await observe(provider)
  }

  /// Follows `provider`'s cancels, so that whoever cancels an intent (the wallet through
  /// `cancel()`, or a direct `PollingProvider.cancel(intentID:)`) retires its invoice from the
  /// QR and ends its preparation before the node request is cancelled. The polling-provider
  /// initializer does this; call it once when the flow was made with the other one.
  public func observe(_ provider: PollingProvider) async {
    await provider.observeCancels { [weak self] intentID in
      await self?.intentCancelled(intentID)
    }
  }

  /// Whether an *ordinary* Lightning invoice can be asked for: a ready inbound capacity
  /// above zero, and (with an amount) an amount within it, inclusive.
  public static func canCreateLightningInvoice(amount: Millisatoshis?, channels: [ChannelSummary]?)
    -> Bool
  {
    guard let inbound = EligibilitySnapshot.readyInboundCapacity(channels), inbound.rawValue > 0
    else { return false }
    guard let amount else { return true }
    return amount <= inbound
  }

  // MARK: - The sheet

  /// The sheet appears (or disappears): a fresh presentation id and a reset session.
  public func presentSheet() -> UInt64 {
    presentation += 1
    resetReceiveSession()
    return presentation
  }

  /// Offline mode is off, and the session is neither selected nor eligible; the offline slot
  /// and its registration are gone (the persisted ordinary invoice stays).
  public func resetReceiveSession() {
    session.reset()
    display.reset()
    displayedIntent = nil
  }

  /// Turns offline mode on or off; either way the offline slot is cleared.
  public func setOfflineMode(_ on: Bool) {
    display.setOfflineMode(on)
    if !on { displayedIntent = nil }
  }

  // MARK: - Eligibility and selection

  /// The last snapshot given to `updateEligibility(_:)`.
  public var eligibilitySnapshot: EligibilitySnapshot? { session.snapshot }
  /// Whether the provider offers offline receive for the last snapshot.
  public var isEligible: Bool { session.isEligible }
  /// Whether the user selected offline receive.
  public var isSelected: Bool { session.isSelected }
  /// The intent of the current preparation, if any.
  public var preparationIntent: IntentID? { session.preparationIntent }

  /// Re-decides eligibility for `snapshot`, asking the provider only when the wallet has the
  /// liquidity; an answer that a newer update or a reset overtook is dropped, and a capability
  /// error counts as no.
  public func updateEligibility(_ snapshot: EligibilitySnapshot) async {
    guard let generation = session.updateEligibility(snapshot) else { return }
    // S6: "A capability error counts as "no" ... The error is swallowed, not propagated."
    let answer = (try? await provider.canReceive(amount: snapshot.amount)) ?? false
    session.capabilityAnswered(answer, generation: generation)
  }

  /// Selection may be turned on only when the session is eligible *or* an attempt exists
  /// for the last snapshot's amount.
  public func setSelected(_ selected: Bool) { session.setSelected(selected) }

  /// Whether offline receive can be selected for `snapshot`: eligible, and for exactly the
  /// last snapshot.
  public func canSelect(for snapshot: EligibilitySnapshot) -> Bool {
    session.canSelect(for: snapshot)
  }

  /// Whether an attempted preparation exists for exactly this amount and description.
  public func hasPreparationAttempt(amount: Millisatoshis, description: String) -> Bool {
    session.hasPreparationAttempt(amount: amount, description: description)
  }

  // MARK: - What the QR shows

  /// What the QR shows now: the ordinary invoice, or in offline mode the offline one.
  public var visible: DisplayedInvoice { display.visible }
  /// Whether offline mode is on.
  public var isOfflineMode: Bool { display.isOfflineMode }
  /// The validated offline invoice on display; memory only.
  public var offlineInvoice: AcceptedInvoice? { display.offlineInvoice }

  /// Shows an ordinary invoice and persists it. Refused (false) in offline mode.
  @discardableResult
  public func showOrdinary(_ invoice: DisplayedInvoice) async -> Bool {
    guard display.showOrdinary(invoice) else { return false }
    await persistOrdinary?(invoice)
    return true
  }

  /// A channel-ready or channel-closed event clears the ordinary invoice (it must be made
  /// again), but never a displayed offline invoice.
  public func channelsChanged() { display.channelsChanged() }

  /// Whether a prepared offline invoice is shown: offline mode, an offline invoice that is the
  /// one displayed, for the current amount and note, not expired at `now`, and still registered.
  public func hasPreparedOfflineInvoice(now: UInt64) -> Bool {
    preparedOfflineInvoice(now: now) != nil
  }

  /// The invoice for which `hasPreparedOfflineInvoice(now:)` holds. It asks exactly the
  /// current request's amount and description.
  public func preparedOfflineInvoice(now: UInt64) -> AcceptedInvoice? {
    display.preparedOfflineRequest(now: now)?.invoice
  }

  /// `preparedOfflineInvoice(now:)` with the request it was checked against, read in one step.
  func preparedOfflineRequest(now: UInt64)
    -> (invoice: AcceptedInvoice, amount: Millisatoshis, description: String)?
  {
    display.preparedOfflineRequest(now: now)
  }

  // MARK: - Preparing and showing

  /// Prepares, registers and displays an offline invoice for the request.
  ///
  /// - Parameters:
  ///   - amount: nil for an amountless request, which counts as 0.
  ///   - description: the note the user typed; the invoice must carry it as its description.
  ///   - channels: the node's channels, for the liquidity check; nil when unknown.
  ///   - isNodeRunning: whether the node is running.
  /// - Returns: ready (and displayed) or pending.
  /// - Throws: `offline.insufficient_liquidity`, `offline.node_stopped`,
  ///   `offline.unavailable`; the payment gate's refusals (`offline.already_paid`,
  ///   `offline.history_unavailable`, `offline.stale_preparation`, `offline.display_expired`,
  ///   `offline.provider_terminal`, `offline.provider_status_unknown`, `offline.history_busy`);
  ///   `offline.invalid_invoice` for an invoice the validator refused; the provider's errors
  ///   (one code per cause; `endsIntent` tells whether trying again resumes the intent);
  ///   `CancellationError` when the task was cancelled (the intent is kept).
  public func requestOfflineInvoice(
    amount: Millisatoshis?, description: String, channels: [ChannelSummary]?,
    isNodeRunning: Bool = true
  ) async throws -> PrepareOutcome<AcceptedInvoice> {
    let snapshot = EligibilitySnapshot(
      amount: amount ?? Millisatoshis(0), channels: channels, isNodeRunning: isNodeRunning)
    display.setOfflineMode(true)
    display.setRequest(amount: snapshot.amount, description: description)
    // Another request takes the QR off: the intent it showed is no longer displayed (its node
    // request is cancelled when the new one is prepared).
    if display.offlineInvoice == nil { displayedIntent = nil }
    let token = display.gate.beginPreparation()
    let result = try await prepareInvoice(snapshot, description: description)
    guard let accepted = result.invoice else { return result }
    try await show(accepted, intentID: result.intentID, token: token)
    return result
  }

  /// Displays an invoice that `PollingProvider.restore()` found ready after a restart, through
  /// the same payment gate, without a new prepare, and takes over its intent.
  ///
  /// - Throws: `offline.invalid_invoice` when `restored` is not ready or does not ask an amount
  ///   with a text description; the gate's refusals as in `requestOfflineInvoice`.
  public func restore(_ restored: PrepareOutcome<AcceptedInvoice>) async throws {
    guard let accepted = restored.invoice else {
      throw OfflineReceiveError(
        .invalidInvoice, "only a ready invoice can be restored", intentID: restored.intentID)
    }
    guard let amount = accepted.invoice.amount, case .text(let note) = accepted.invoice.description
    else {
      throw OfflineReceiveError(
        .invalidInvoice, "a restored invoice must ask an amount with a text description",
        intentID: restored.intentID)
    }
    display.setOfflineMode(true)
    display.setRequest(amount: amount, description: note)
    let token = display.gate.beginPreparation()
    session.adopt(restored.intentID, amount: amount, description: note)
    try await show(accepted, intentID: restored.intentID, token: token)
  }

  /// Prepares an offline invoice for `snapshot`'s amount and `description`, without showing
  /// it: the session's steps run against the provider.
  ///
  /// - Returns: the validated invoice (or pending) and the intent id it belongs to.
  func prepareInvoice(_ snapshot: EligibilitySnapshot, description: String) async throws
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

  private func prepareOnce(_ snapshot: EligibilitySnapshot, description: String) async throws
    -> PrepareOutcome<AcceptedInvoice>
  {
    let preparation: SessionPreparation
    switch try session.beginPreparation(snapshot, description: description) {
    case .prepare(let attempted):
      preparation = attempted
    case .checkCapability(let checked):
      // Why not, when not: a node fault is retryable and keeps this preparation; an error
      // that is not the library's propagates as it is.
      do {
        try await provider.checkCapability(amount: checked.amount)
      } catch var error as OfflineReceiveError {
        error.intentID = error.intentID ?? checked.intentID
        session.intentFailed(checked.intentID, error)
        throw error
      }
      preparation = try session.capabilityConfirmed(checked)
    }
    do {
      // S11: the provider's error reaches the caller unchanged, once; no ordinary fallback.
      return try await answer(preparation)
    } catch let error as OfflineReceiveError {
      session.intentFailed(preparation.intentID, error)
      throw error
    }
  }

  /// The provider's answer for `preparation`, validated once: by the polling provider, or
  /// here for any other provider.
  private func answer(_ preparation: SessionPreparation) async throws
    -> PrepareOutcome<AcceptedInvoice>
  {
    let intentID = preparation.intentID
    if let validating,
      let outcome = try await validating.prepareValidated(
        intentID: intentID, amount: preparation.amount, description: preparation.description)
    {
      try Task.checkCancellation()
      return outcome
    }
    let answer = try await provider.prepareInvoice(
      intentID: intentID, amount: preparation.amount, description: preparation.description)
    // S20: "A cancellation observed after the provider answered discards the answer; the
    // preparation stays "attempted"."
    try Task.checkCancellation()
    switch answer {
    case .pending(let pendingIntent, let lastStatus):
      return .pending(pendingIntent, lastStatus: lastStatus)
    case .ready(let bolt11, _):
      return .ready(try await validate(bolt11, preparation), intentID: intentID)
    }
  }

  /// The one validation of an invoice from a provider other than the polling one, against the
  /// request's receive policy.
  private func validate(_ bolt11: String, _ preparation: SessionPreparation)
    async throws(OfflineReceiveError) -> AcceptedInvoice
  {
    // S20: "An empty bolt11 from the provider fails as *invalid invoice*."
    guard !bolt11.isEmpty else {
      throw OfflineReceiveError(
        .invalidInvoice, "the provider returned an empty invoice",
        intentID: preparation.intentID)
    }
    let policy = ReceivePolicy(
      scope, amount: preparation.amount, description: preparation.description, display: rules)
    switch OfflineInvoiceValidator.validate(bolt11, policy: policy, now: await clock.now()) {
    case .success(let accepted):
      return accepted
    case .failure(let rejection):
      throw OfflineReceiveError(
        .invalidInvoice, "the provider's invoice was refused: \(rejection.message)",
        intentID: preparation.intentID, rejection: rejection)
    }
  }

  /// Admits `accepted` through the payment gate and puts it on the QR.
  private func show(_ accepted: AcceptedInvoice, intentID: IntentID, token: UInt64) async throws {
    if let refusal = await register(accepted, token: token, intentID: intentID) {
      // A call cancelled during the checks throws CancellationError and keeps the intent,
      // whatever the gate found after it was cancelled (its retry owns the intent now).
      guard let code = refusal.errorCode, !Task.isCancelled else { throw CancellationError() }
      let error = OfflineReceiveError(
        code, "not displayed: \(refusal.rawValue)", intentID: intentID)
      // An intent that cannot resume is dropped: the next attempt prepares a new one.
      session.intentFailed(intentID, error)
      throw error
    }
    let now = await clock.now()
    let monotonicNow = await clock.monotonicNow()
    let bootNow = await clock.bootClockNow()
    let first: DisplayDeadline?
    switch display.apply(accepted, now: now, monotonicNow: monotonicNow, bootNow: bootNow) {
    case .shown(let new): first = new
    case .unmeasurable:
      // The stored deadline stays: shown again later in this boot, it is refused again.
      let error = OfflineReceiveError(
        .displayExpired,
        "not displayed: the phone restarted since the invoice was first shown, so the time "
          + "that passed cannot be measured; prepare a new one", intentID: intentID)
      session.intentFailed(intentID, error)
      throw error
    case .refused:
      try Task.checkCancellation()
      throw OfflineReceiveError(
        .stalePreparation, "the request changed before display", intentID: intentID)
    }
    displayedIntent = intentID
    if let first { await persistDisplayDeadline?(first) }
  }

  /// Runs the payment gate's registration of `accepted`: each read it asks for, answered as
  /// its next event.
  private func register(_ accepted: AcceptedInvoice, token: UInt64, intentID: IntentID) async
    -> RegistrationRefusal?
  {
    var registration = PaymentGate.Registration(
      accepted, token: token, statusOf: providerStatus == nil ? nil : intentID)
    var step = display.gate.start(&registration)
    while true {
      switch step {
      case .done(let refusal):
        return refusal
      case .readHistory:
        let payments = await history()
        step = display.gate.historyRead(payments, cancelled: Task.isCancelled, &registration)
      case .readProviderStatus(let intentID):
        let status = try? await providerStatus?(intentID)
        step = display.gate.providerStatusRead(status, &registration)
      case .readClock:
        let now = await clock.now()
        step = display.gate.clockRead(now, &registration)
      }
    }
  }

  // MARK: - Payments, expiry, cancel

  /// A payment arrived (the node's event, or a settled status): retires the matching offline
  /// invoice and its preparation only (any other payment clears the persisted ordinary
  /// invoice, which may just have been paid), and records the payment with the provider.
  ///
  /// - Returns: the recorded payment, also when it arrived after its intent had ended (refused,
  ///   cancelled or expired); nil when the provider knows no such invoice.
  /// - Throws: `offline.journal` when the payment could not be recorded; the display is retired
  ///   all the same. Call again: recording is idempotent.
  @discardableResult
  public func paymentReceived(_ hash: PaymentHash) async throws -> SettledPayment? {
    let owed = display.firstDeadline
    switch display.paymentReceived(hash) {
    case .retiredOffline: endDisplayedIntent()
    case .clearedOrdinary: await persistOrdinary?(nil)
    }
    await forgetDeadline(owed)
    return try await provider.paymentReceived(hash)
  }

  /// Retires the offline invoice once `now` reaches its end, or the clock's monotonic time its
  /// monotonic deadline (so a wall clock set back never keeps it); returns whether it did.
  @discardableResult
  public func retireExpired(now: UInt64) async -> Bool {
    let monotonicNow = await clock.monotonicNow()
    let owed = display.firstDeadline
    guard display.retireExpired(now: now, monotonicNow: monotonicNow) != nil else { return false }
    endDisplayedIntent()
    await forgetDeadline(owed)
    return true
  }

  /// `retireExpired(now:)` at the clock's time.
  @discardableResult
  public func retireExpired() async -> Bool { await retireExpired(now: await clock.now()) }

  /// When `retireExpired()` must next run, in wall-clock seconds as the clock reads now: the
  /// earlier of the invoice's `displayUntil` and what is left of the deadline it got when it
  /// was shown (on a clock that no change of the wall clock moves). Read it again after the
  /// wall clock changes.
  public var nextDeadline: UInt64? {
    get async {
      let now = await clock.now()
      let monotonicNow = await clock.monotonicNow()
      return display.nextDeadline(now: now, monotonicNow: monotonicNow)
    }
  }

  /// Cancels the offline request in progress (the displayed intent, or when nothing is displayed
  /// the one being prepared): retires the QR, ends the intent and cancels the node request, in
  /// that order.
  ///
  /// - Returns: why the intent ended (`.cancelled`, or `.settled` when it was paid after all);
  ///   nil when there was nothing to cancel.
  /// - Throws: `offline.cancel_pending` when the node could not be reached: the QR and the
  ///   intent are gone all the same, and the provider retries the node's cancel itself (next
  ///   prepare, cancel or `restore()`); nothing needs doing again.
  @discardableResult
  public func cancel() async throws -> TerminalReason? {
    guard let intent = displayedIntent ?? session.preparationIntent else { return nil }
    await intentCancelled(intent)
    return try await provider.cancel(intentID: intent)
  }

  /// The intent is being cancelled: its QR goes (and its stored deadline), then its preparation.
  private func intentCancelled(_ intentID: IntentID) async {
    let owed = display.firstDeadline
    intentEnding(intentID)
    await forgetDeadline(owed)
  }

  private func intentEnding(_ intentID: IntentID) {
    if displayedIntent == intentID {
      displayedIntent = nil
      if let shown = display.offlineInvoice { _ = display.retire(shown.paymentHash) }
    }
    session.expirePreparation(intentID)
  }

  /// Removes the stored display deadline when the event just run dropped `owed`.
  private func forgetDeadline(_ owed: DisplayDeadline?) async {
    guard owed != nil, display.firstDeadline == nil else { return }
    await persistDisplayDeadline?(nil)
  }

  private func endDisplayedIntent() {
    guard let intent = displayedIntent else { return }
    displayedIntent = nil
    session.expirePreparation(intent)
  }
}
