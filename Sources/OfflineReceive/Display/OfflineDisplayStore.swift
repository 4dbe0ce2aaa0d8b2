public import Bolt11

/// What the receive QR shows: a persisted ordinary slot and a memory-only
/// offline slot, the offline one admitted only through the payment gate.
///
/// What it guarantees:
/// - Expiry and a matching payment retire only the invoice they concern
///   (`PaymentGate.retire(_:)`), never a newer preparation's token.
/// - Nothing reads a clock. `nextDeadline` says when the offline invoice must go, and
///   `retireExpired(now:)` retires it, so a headless caller needs no UI timer.
/// - The offline invoice ends at its `displayUntil`, which is at or before the signed expiry
///   (the safety margin and the display cap of the validator), and, when it was applied with a
///   monotonic time, no later than its `monotonicDeadline`: a deadline on a clock that keeps
///   counting while the device sleeps and that no change of the wall clock moves, anchored
///   when the invoice is shown, with the accepted clock skew taken off. So a wall clock that
///   runs behind (within the skew) or is set back after display never keeps an invoice on the
///   QR past its signed expiry.
public actor OfflineDisplayStore {
  private let gate: PaymentGate
  private let clockSkewSeconds: UInt64
  private let persistOrdinary: (@Sendable (DisplayedInvoice?) async -> Void)?

  /// A fresh instance starts with offline mode off.
  public private(set) var isOfflineMode = false
  /// What the user asked to receive: the amount and the note the user typed.
  private struct Request: Equatable {
    var amount: Millisatoshis
    var description: String
  }

  /// The request the wallet is showing an invoice for, if any.
  private var request: Request?
  /// The validated offline invoice on display; memory only.
  public private(set) var offlineInvoice: AcceptedInvoice?
  private var offlineSlot: DisplayedInvoice = .empty
  private var ordinarySlot: DisplayedInvoice

  /// Opens the store with the ordinary invoice the wallet persisted.
  ///
  /// Offline strings are never persisted: only ordinary invoices reach `persistOrdinary`.
  ///
  /// - Parameters:
  ///   - gate: the payment gate every offline invoice passes before it is shown.
  ///   - ordinary: the persisted ordinary invoice, if any.
  ///   - persistOrdinary: stores an ordinary invoice across launches, or removes it (nil); nil
  ///     for a wallet that only receives offline.
  ///   - display: the lifetime rules the invoices were validated with: its clock skew is taken
  ///     off the monotonic deadline.
  public init(
    gate: PaymentGate, ordinary: DisplayedInvoice? = nil,
    persistOrdinary: (@Sendable (DisplayedInvoice?) async -> Void)? = nil,
    display: DisplayPolicy = DisplayPolicy()
  ) {
    self.gate = gate
    self.clockSkewSeconds = display.clockSkewSeconds
    self.persistOrdinary = persistOrdinary
    self.ordinarySlot = ordinary ?? .empty
  }

  /// What the QR shows now: the slot of the current mode.
  public var visible: DisplayedInvoice { isOfflineMode ? offlineSlot : ordinarySlot }

  /// When the offline invoice must stop being shown (its `displayUntil`), if one is shown.
  public var nextDeadline: UInt64? { offlineInvoice?.displayUntil }

  /// When the offline invoice must stop being shown on the monotonic clock
  /// (`WallClock.monotonicNow()`), if one is shown and was applied with a monotonic time.
  public private(set) var monotonicDeadline: Duration?

  /// How long `invoice` may stay on the QR from `now` on: until its `displayUntil`, counted from
  /// the later of `now` and its signed creation time (the real time is never before the node
  /// signed it), less the accepted clock skew, so that a wall clock behind by up to the skew
  /// does not stretch it.
  public func displayDuration(of invoice: AcceptedInvoice, now: UInt64) -> Duration {
    let from = max(now, invoice.invoice.createdAt)
    guard invoice.displayUntil > from else { return .zero }
    let seconds = invoice.displayUntil - from
    return .seconds(seconds - min(seconds, clockSkewSeconds))
  }

  /// Shows an ordinary invoice and persists it. Refused (false) in offline mode.
  @discardableResult
  public func showOrdinary(_ invoice: DisplayedInvoice) async -> Bool {
    guard !isOfflineMode else { return false }
    ordinarySlot = invoice
    await persistOrdinary?(invoice)
    return true
  }

  /// Switching the mode in either direction clears the offline slots and the offline
  /// invoice, and resets registration.
  public func setOfflineMode(_ on: Bool) async {
    guard on != isOfflineMode else { return }
    isOfflineMode = on
    clearOffline()
    await gate.reset()
  }

  /// Sets the request the wallet shows an invoice for: `amount` and `description` (the note
  /// the user typed). A refresh that changes the request clears an offline invoice that does
  /// not match it, before preparing.
  public func setRequest(amount: Millisatoshis, description: String) {
    let newRequest = Request(amount: amount, description: description)
    guard newRequest != request else { return }
    request = newRequest
    if let offlineInvoice,
      !offlineInvoice.matches(amount: newRequest.amount, description: newRequest.description)
    {
      clearOffline()
    }
  }

  /// Puts a registered offline invoice on display.
  ///
  /// Applying an invoice in offline mode requires all of: a candidate exists; its bolt11
  /// equals the one being applied; it is displayable for the current amount and note;
  /// registration contains it. In ordinary mode, any offline candidate is refused.
  /// The mode and request are re-checked after the await, so a late apply never publishes.
  ///
  /// - Parameters:
  ///   - invoice: the registered invoice.
  ///   - now: the wall clock, Unix seconds.
  ///   - monotonicNow: the monotonic clock now; when given, the invoice's `monotonicDeadline`
  ///     is anchored here (`displayDuration(of:now:)` later), and it is refused when that
  ///     leaves no time. Re-applying the invoice on display never moves its deadline later.
  /// - Returns: whether it is now displayed.
  public func apply(_ invoice: AcceptedInvoice, now: UInt64, monotonicNow: Duration? = nil)
    async -> Bool
  {
    guard isOfflineMode, let request,
      invoice.isDisplayable(amount: request.amount, description: request.description, now: now)
    else { return false }
    var deadline = monotonicNow.map { $0 + displayDuration(of: invoice, now: now) }
    if let deadline, let monotonicNow, deadline <= monotonicNow { return false }
    guard await gate.contains(invoice, now: now) else { return false }
    guard isOfflineMode, self.request == request else { return false }
    if offlineInvoice == invoice, let kept = monotonicDeadline {
      deadline = min(kept, deadline ?? kept)
    }
    offlineInvoice = invoice
    offlineSlot = DisplayedInvoice(offline: invoice)
    monotonicDeadline = deadline
    return true
  }

  /// Whether a prepared offline invoice is shown: offline mode, an offline invoice that is the one
  /// displayed, for the current amount and note, not expired, and still registered.
  public func hasPreparedOfflineInvoice(now: UInt64) async -> Bool {
    await preparedOfflineInvoice(now: now) != nil
  }

  /// The invoice for which `hasPreparedOfflineInvoice(now:)` holds, read in one step. It asks
  /// exactly the current request's amount and description.
  public func preparedOfflineInvoice(now: UInt64) async -> AcceptedInvoice? {
    await preparedOfflineRequest(now: now)?.invoice
  }

  /// `preparedOfflineInvoice(now:)` with the request it was checked against, read in one step.
  package func preparedOfflineRequest(now: UInt64) async
    -> (invoice: AcceptedInvoice, amount: Millisatoshis, description: String)?
  {
    guard isOfflineMode, let offlineInvoice, let request,
      offlineSlot.bolt11 == offlineInvoice.bolt11,
      offlineInvoice.isDisplayable(
        amount: request.amount, description: request.description, now: now)
    else { return nil }
    guard await gate.contains(offlineInvoice, now: now) else { return nil }
    // Re-read after the await: what is displayed now, not what was.
    guard self.offlineInvoice == offlineInvoice, self.request == request, isOfflineMode else {
      return nil
    }
    return (offlineInvoice, request.amount, request.description)
  }

  /// A payment arrived (the node's payment event, or a paid status).
  ///
  /// Only a matching hash (compared as bytes) retires the offline invoice; any other
  /// payment clears the persisted ordinary invoice, which may just have been paid, and leaves
  /// the offline display intact.
  /// - Returns: the retired offline invoice, if the payment was for it.
  @discardableResult
  public func paymentReceived(_ hash: PaymentHash) async -> AcceptedInvoice? {
    await gate.paymentReceived(hash)
    if let offlineInvoice, offlineInvoice.paymentHash == hash {
      clearOffline()
      return offlineInvoice
    }
    ordinarySlot = .empty
    await persistOrdinary?(nil)
    return nil
  }

  /// A no-op unless the offline invoice's end is at or before `now`, or its
  /// `monotonicDeadline` at or before `monotonicNow`; otherwise clears it and retires its
  /// registration.
  /// - Returns: the retired invoice, if any.
  @discardableResult
  public func retireExpired(now: UInt64, monotonicNow: Duration? = nil) async -> AcceptedInvoice? {
    guard let offlineInvoice else { return nil }
    var ended = offlineInvoice.displayUntil <= now
    if let monotonicNow, let monotonicDeadline, monotonicDeadline <= monotonicNow { ended = true }
    guard ended else { return nil }
    clearOffline()
    await gate.retire(offlineInvoice.paymentHash)
    return offlineInvoice
  }

  /// Retires the offline invoice with `hash` (its intent was cancelled): clears it and its
  /// registration. Any other invoice stays.
  /// - Returns: whether it was on display.
  @discardableResult
  public func retire(_ hash: PaymentHash) async -> Bool {
    guard let offlineInvoice, offlineInvoice.paymentHash == hash else { return false }
    clearOffline()
    await gate.retire(hash)
    return true
  }

  /// A channel-ready or channel-closed event clears the ordinary invoice (it must be made
  /// again), but never a displayed offline invoice.
  public func channelsChanged() {
    guard !isOfflineMode else { return }
    ordinarySlot = .empty
  }

  /// A new receive session: offline mode off, the offline slot and the registration
  /// gone. The persisted ordinary invoice stays.
  public func reset() async {
    isOfflineMode = false
    request = nil
    clearOffline()
    await gate.reset()
  }

  private func clearOffline() {
    offlineInvoice = nil
    offlineSlot = .empty
    monotonicDeadline = nil
  }
}
