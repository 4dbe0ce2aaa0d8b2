public import Bolt11

/// The wallet's entry points for offline receive: session → gate → display, in one
/// actor, with the expiry and payment signals routed to the parts they concern.
///
/// Offline mode never falls back to an ordinary invoice: every failure is the offline
/// layer's own error.
public actor ReceiveFlow {
  /// Eligibility, selection and the preparation.
  public let session: OfflineReceiveSession
  /// The payment gate every offline invoice passes before display.
  public let gate: PaymentGate
  /// What the QR shows.
  public let display: OfflineDisplayStore
  private let clock: any WallClock
  /// Every presentation of the receive sheet has a fresh identity.
  public private(set) var presentation: UInt64 = 0
  /// The intent of the displayed offline invoice.
  public private(set) var displayedIntent: IntentID?

  /// A flow over its three parts, which must share `gate`.
  public init(
    session: OfflineReceiveSession, gate: PaymentGate, display: OfflineDisplayStore,
    clock: any WallClock
  ) {
    self.session = session
    self.gate = gate
    self.display = display
    self.clock = clock
  }

  /// The whole wallet side over one provider: a session that prepares with it, a payment gate
  /// that also asks it for the intent's status, and a display store.
  ///
  /// - Parameters:
  ///   - provider: the polling provider over the adapter's node client.
  ///   - scope: this wallet's network and node id.
  ///   - history: reads the wallet's payment history: every known payment, or nil while the
  ///     history is unavailable or not yet synced.
  ///   - clock: `SystemClock` in production.
  ///   - ordinary: the persisted ordinary invoice, if any.
  ///   - persistOrdinary: stores the ordinary invoice across launches; nil for offline-only use.
  public init(
    provider: PollingProvider, scope: WalletScope,
    history: @escaping @Sendable () async -> [PaymentRecord]?, clock: any WallClock,
    ordinary: DisplayedInvoice? = nil,
    persistOrdinary: (@Sendable (DisplayedInvoice?) async -> Void)? = nil
  ) async {
    let gate = PaymentGate(
      history: history, providerStatus: { try await provider.status(of: $0) }, clock: clock)
    self.init(
      session: OfflineReceiveSession(provider: provider, scope: scope, clock: clock), gate: gate,
      display: OfflineDisplayStore(
        gate: gate, ordinary: ordinary, persistOrdinary: persistOrdinary),
      clock: clock)
    await observe(provider)
  }

  /// Follows `provider`'s cancels, so that whoever cancels an intent (the wallet through
  /// `cancel()`, or a direct `PollingProvider.cancel(intentID:)`) retires its invoice from the
  /// QR and ends its preparation before the node request is cancelled. The provider-based
  /// initializer does this; call it once when the flow was built from its parts.
  public func observe(_ provider: PollingProvider) async {
    await provider.observeCancels { [weak self] intentID in
      await self?.intentEnding(intentID)
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
    let preparing = await session.preparationIntent
    guard let intent = displayedIntent ?? preparing else { return nil }
    await intentEnding(intent)
    return try await session.cancel(intent)
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

  /// The sheet appears (or disappears): a fresh presentation id and a reset session.
  public func presentSheet() async -> UInt64 {
    presentation += 1
    await resetReceiveSession()
    return presentation
  }

  /// Offline mode is off, and the session is neither selected nor eligible.
  public func resetReceiveSession() async {
    await session.reset()
    await display.reset()
    displayedIntent = nil
  }

  /// Turns offline mode on or off; either way the offline slot is cleared.
  public func setOfflineMode(_ on: Bool) async {
    await display.setOfflineMode(on)
    if !on { displayedIntent = nil }
  }

  /// Prepares, registers and displays an offline invoice for the request.
  ///
  /// - Parameters:
  ///   - amount: nil for an amountless request, which counts as 0.
  ///   - description: the note the user typed; the invoice must carry it as its description.
  ///   - channels: the node's channels, for the liquidity check; nil when unknown.
  ///   - isNodeRunning: whether the node is running.
  /// - Returns: ready (and displayed) or pending.
  /// - Throws: `offline.insufficient_liquidity`, `offline.unavailable` (and the gate's
  ///   refusals), the provider's errors (one code per cause; `endsIntent` tells whether trying
  ///   again resumes the intent), and the session's errors.
  public func requestOfflineInvoice(
    amount: Millisatoshis?, description: String, channels: [ChannelSummary]?,
    isNodeRunning: Bool = true
  ) async throws -> PrepareOutcome<AcceptedInvoice> {
    let snapshot = EligibilitySnapshot(
      amount: amount ?? Millisatoshis(0), channels: channels, isNodeRunning: isNodeRunning)
    await display.setOfflineMode(true)
    await display.setRequest(amount: snapshot.amount, description: description)
    // Another request takes the QR off: the intent it showed is no longer displayed (its node
    // request is cancelled when the new one is prepared).
    if await display.offlineInvoice == nil { displayedIntent = nil }
    let token = await gate.beginPreparation()
    let result = try await session.prepareInvoice(snapshot, description: description)
    guard let accepted = result.invoice else { return result }
    try await show(accepted, intentID: result.intentID, token: token)
    return result
  }

  /// Displays an invoice that `PollingProvider.restore()` found ready after a restart, through
  /// the same payment gate, without a new prepare, and hands its intent to the session.
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
    await display.setOfflineMode(true)
    await display.setRequest(amount: amount, description: note)
    let token = await gate.beginPreparation()
    await session.adopt(restored.intentID, amount: amount, description: note)
    try await show(accepted, intentID: restored.intentID, token: token)
  }

  /// A payment arrived (the node's event, or a settled status): retires the matching offline
  /// invoice and its preparation only, and records the payment in the provider's journal.
  ///
  /// - Returns: the recorded payment, also when it arrived after its intent had ended (refused,
  ///   cancelled or expired); nil when the provider knows no such invoice.
  /// - Throws: `offline.journal` when the payment could not be recorded; the display is retired
  ///   all the same. Call again: recording is idempotent.
  @discardableResult
  public func paymentReceived(_ hash: PaymentHash) async throws -> SettledPayment? {
    if await display.paymentReceived(hash) != nil { await endDisplayedIntent() }
    return try await session.paymentReceived(hash)
  }

  /// Retires the offline invoice once `now` reaches its end, or the clock's monotonic time its
  /// monotonic deadline (so a wall clock set back never keeps it); returns whether it did.
  @discardableResult
  public func retireExpired(now: UInt64) async -> Bool {
    let monotonicNow = await clock.monotonicNow()
    guard await display.retireExpired(now: now, monotonicNow: monotonicNow) != nil else {
      return false
    }
    await endDisplayedIntent()
    return true
  }

  /// `retireExpired(now:)` at the clock's time.
  @discardableResult
  public func retireExpired() async -> Bool { await retireExpired(now: await clock.now()) }

  /// When `retireExpired()` must next run, in wall-clock seconds as the clock reads now: the
  /// earlier of the invoice's `displayUntil` and what is left of its monotonic deadline. Read
  /// it again after the wall clock changes; `OfflineDisplayStore.monotonicDeadline` does not
  /// move.
  public var nextDeadline: UInt64? {
    get async {
      guard let displayUntil = await display.nextDeadline else { return nil }
      guard let deadline = await display.monotonicDeadline else { return displayUntil }
      let left = deadline - (await clock.monotonicNow())
      let (whole, fraction) = left.components
      let seconds = left <= .zero ? 0 : UInt64(whole) + (fraction > 0 ? 1 : 0)
      return min(displayUntil, (await clock.now()).addingSaturating(seconds))
    }
  }

  private func show(_ accepted: AcceptedInvoice, intentID: IntentID, token: UInt64) async throws {
    if let refusal = await gate.register(accepted, token: token, intentID: intentID) {
      guard let code = refusal.errorCode else { throw CancellationError() }
      let error = OfflineReceiveError(
        code, "not displayed: \(refusal.rawValue)", intentID: intentID)
      // An intent that cannot resume is dropped: the next attempt prepares a new one.
      if error.endsIntent { await session.expirePreparation(intentID) }
      throw error
    }
    let now = await clock.now()
    guard await display.apply(accepted, now: now, monotonicNow: await clock.monotonicNow())
    else {
      throw OfflineReceiveError(
        .stalePreparation, "the request changed before display", intentID: intentID)
    }
    displayedIntent = intentID
  }

  /// The intent is being cancelled: its QR goes, then its preparation.
  private func intentEnding(_ intentID: IntentID) async {
    if displayedIntent == intentID {
      displayedIntent = nil
      if let shown = await display.offlineInvoice { await display.retire(shown.paymentHash) }
    }
    await session.expirePreparation(intentID)
  }

  private func endDisplayedIntent() async {
    guard let intent = displayedIntent else { return }
    displayedIntent = nil
    await session.expirePreparation(intent)
  }
}
