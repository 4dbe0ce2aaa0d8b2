import Bolt11

/// What the receive QR shows, as a value machine: a persisted ordinary slot and a memory-only
/// offline slot, the offline one admitted only through the payment gate it holds.
///
/// Events are synchronous; the effects, storing the ordinary invoice and the display deadline,
/// are returned for the owner (`ReceiveFlow`) to run. Nothing reads a clock: times are
/// parameters.
///
/// What it guarantees:
/// - Expiry and a matching payment retire only the invoice they concern (and its
///   registration), never a newer preparation's token.
/// - The offline invoice ends at its `displayUntil`, which is at or before the signed expiry,
///   and, when it was applied with a monotonic time, no later than its `monotonicDeadline`: a
///   deadline on a clock that keeps counting while the device sleeps and that no change of the
///   wall clock moves, anchored when the invoice is shown, with the accepted clock skew taken
///   off. So a wall clock that runs behind (within the skew) or is set back after display never
///   keeps an invoice on the QR past its signed expiry.
/// - An invoice shown again (after a restart, or applied again) never gets a later deadline
///   than the one it was first given (`DisplayDeadline`): the earlier of that one and the one
///   computed now, counting now as no earlier than when it was first shown, and, in the boot it
///   was first shown in, no more than its first length less the time since on the boot clock.
struct OfflineDisplayStore: Sendable {
  /// The payment gate every offline invoice passes before it is shown.
  var gate: PaymentGate
  private let clockSkewSeconds: UInt64

  /// A fresh instance starts with offline mode off.
  private(set) var isOfflineMode = false
  /// What the user asked to receive: the amount and the note the user typed.
  private struct Request: Equatable {
    var amount: Millisatoshis
    var description: String
  }

  /// The request the wallet is showing an invoice for, if any.
  private var request: Request?
  /// The validated offline invoice on display; memory only.
  private(set) var offlineInvoice: AcceptedInvoice?
  private var offlineSlot: DisplayedInvoice = .empty
  private var ordinarySlot: DisplayedInvoice
  /// When the offline invoice must stop being shown on the monotonic clock
  /// (`WallClock.monotonicNow()`), if one is shown and was applied with a monotonic time.
  private(set) var monotonicDeadline: Duration?
  /// The deadline the invoice last shown was first given, if it is still owed one.
  private(set) var firstDeadline: DisplayDeadline?

  /// A store with the ordinary invoice the wallet persisted, whose gate reads the history at
  /// most `maxHistoryReads` times, and which takes `display`'s clock skew off the monotonic
  /// deadline.
  init(
    ordinary: DisplayedInvoice? = nil, display: DisplayPolicy = DisplayPolicy(),
    maxHistoryReads: Int = 4, firstDeadline: DisplayDeadline? = nil
  ) {
    self.gate = PaymentGate(maxHistoryReads: maxHistoryReads)
    self.clockSkewSeconds = display.clockSkewSeconds
    self.ordinarySlot = ordinary ?? .empty
    self.firstDeadline = firstDeadline
  }

  /// What the QR shows now: the slot of the current mode.
  var visible: DisplayedInvoice { isOfflineMode ? offlineSlot : ordinarySlot }

  /// When the offline invoice must stop being shown (its `displayUntil`), if one is shown.
  var nextDeadline: UInt64? { offlineInvoice?.displayUntil }

  /// When the offline invoice must stop being shown, in wall-clock seconds as `now` reads: the
  /// earlier of its `displayUntil` and what is left of its `monotonicDeadline` at
  /// `monotonicNow`, rounded up to a whole second.
  func nextDeadline(now: UInt64, monotonicNow: Duration) -> UInt64? {
    guard let displayUntil = nextDeadline else { return nil }
    guard let deadline = monotonicDeadline else { return displayUntil }
    let left = deadline - monotonicNow
    let (whole, fraction) = left.components
    let seconds = left <= .zero ? 0 : UInt64(whole) + (fraction > 0 ? 1 : 0)
    return min(displayUntil, now.addingSaturating(seconds))
  }

  /// How long `invoice` may stay on the QR from `now` on: until its `displayUntil`, counted from
  /// the later of `now` and its signed creation time (the real time is never before the node
  /// signed it), less the accepted clock skew, so that a wall clock behind by up to the skew
  /// does not stretch it.
  func displayDuration(of invoice: AcceptedInvoice, now: UInt64) -> Duration {
    .seconds(displaySeconds(of: invoice, now: now))
  }

  /// `displayDuration(of:now:)` in whole seconds.
  private func displaySeconds(of invoice: AcceptedInvoice, now: UInt64) -> UInt64 {
    let from = max(now, invoice.invoice.createdAt)
    guard invoice.displayUntil > from else { return 0 }
    let seconds = invoice.displayUntil - from
    return seconds - min(seconds, clockSkewSeconds)
  }

  /// How long `invoice` may stay on the QR from `now` on, and the deadline it is first given
  /// when it has none yet: never more than what is left of the deadline it was first given,
  /// counted from the later of `now` and when it was first shown, nor, when `bootNow` is of the
  /// boot it was first shown in, than its first length less the time since on the boot clock.
  private func secondsLeft(of invoice: AcceptedInvoice, now: UInt64, bootNow: BootClockReading?)
    -> (seconds: UInt64, first: DisplayDeadline?)
  {
    guard let first = firstDeadline, first.paymentHash == invoice.paymentHash else {
      let seconds = displaySeconds(of: invoice, now: now)
      return (
        seconds,
        DisplayDeadline(
          paymentHash: invoice.paymentHash, retireAt: now.addingSaturating(seconds), shownAt: now,
          shownAtBoot: bootNow)
      )
    }
    let from = max(now, first.shownAt)
    // The wall clock reads whole seconds: the real time may be up to a second past `from`.
    var owed = first.retireAt - min(first.retireAt, from.addingSaturating(1))
    if let shown = first.shownAtBoot, let elapsed = bootNow?.elapsed(since: shown) {
      // The same boot: the real time since display, whatever the wall clock did meanwhile.
      let length = Duration.seconds(first.retireAt - min(first.retireAt, first.shownAt))
      let left = length - elapsed
      owed = min(owed, left <= .zero ? 0 : UInt64(left.components.seconds))
    }
    return (min(owed, displaySeconds(of: invoice, now: from)), nil)
  }

  /// Shows an ordinary invoice. Refused (false) in offline mode; when true, the owner persists
  /// it.
  mutating func showOrdinary(_ invoice: DisplayedInvoice) -> Bool {
    guard !isOfflineMode else { return false }
    ordinarySlot = invoice
    return true
  }

  /// Switching the mode in either direction clears the offline slots and the offline
  /// invoice, and resets registration.
  mutating func setOfflineMode(_ on: Bool) {
    guard on != isOfflineMode else { return }
    isOfflineMode = on
    clearOffline()
    gate.reset()
  }

  /// Sets the request the wallet shows an invoice for: `amount` and `description` (the note
  /// the user typed). A refresh that changes the request clears an offline invoice that does
  /// not match it, before preparing.
  mutating func setRequest(amount: Millisatoshis, description: String) {
    let newRequest = Request(amount: amount, description: description)
    guard newRequest != request else { return }
    request = newRequest
    if let offlineInvoice,
      !offlineInvoice.matches(amount: newRequest.amount, description: newRequest.description)
    {
      clearOffline()
    }
  }

  /// What showing an offline invoice did.
  enum Applied: Sendable, Equatable {
    /// Not shown.
    case refused
    /// Shown; the owner stores `first`, the deadline it was first given, when it is new.
    case shown(first: DisplayDeadline?)
    /// Not shown again: it was first shown in another boot of the phone, so the real time
    /// since then cannot be measured, and a wall clock set back meanwhile could keep it on the
    /// QR past its signed expiry.
    case unmeasurable
  }

  /// Puts a registered offline invoice on display.
  ///
  /// Applying an invoice requires all of: offline mode; the invoice is displayable for the
  /// current amount and note at `now`; registration contains it; its deadline leaves time. Its
  /// `monotonicDeadline` is anchored at `monotonicNow`: `displayDuration(of:now:)` later, and
  /// never later than what is left of the deadline it was first given. Re-applying the invoice
  /// on display never moves its deadline later.
  ///
  /// - Parameters:
  ///   - invoice: the registered invoice.
  ///   - now: the wall clock, Unix seconds.
  ///   - monotonicNow: the monotonic clock now.
  ///   - bootNow: the boot clock now, if it can be read: kept with a new first deadline, and
  ///     measures the time since an earlier one of the same boot.
  mutating func apply(
    _ invoice: AcceptedInvoice, now: UInt64, monotonicNow: Duration,
    bootNow: BootClockReading? = nil
  ) -> Applied {
    guard isOfflineMode, let request,
      invoice.isDisplayable(amount: request.amount, description: request.description, now: now),
      gate.contains(invoice, now: now)
    else { return .refused }
    if let first = firstDeadline, first.paymentHash == invoice.paymentHash,
      let shown = first.shownAtBoot, let bootNow, bootNow.elapsed(since: shown) == nil
    {
      return .unmeasurable
    }
    let (seconds, first) = secondsLeft(of: invoice, now: now, bootNow: bootNow)
    guard seconds > 0 else { return .refused }
    var deadline = monotonicNow + .seconds(seconds)
    if offlineInvoice == invoice, let kept = monotonicDeadline { deadline = min(kept, deadline) }
    offlineInvoice = invoice
    offlineSlot = DisplayedInvoice(offline: invoice)
    monotonicDeadline = deadline
    if let first { firstDeadline = first }
    return .shown(first: first)
  }

  /// The invoice shown for the current request, with that request: offline mode, an offline
  /// invoice that is the one displayed, for the current amount and note, not expired at `now`,
  /// and still registered.
  func preparedOfflineRequest(now: UInt64)
    -> (invoice: AcceptedInvoice, amount: Millisatoshis, description: String)?
  {
    guard isOfflineMode, let offlineInvoice, let request,
      offlineSlot.bolt11 == offlineInvoice.bolt11,
      offlineInvoice.isDisplayable(
        amount: request.amount, description: request.description, now: now),
      gate.contains(offlineInvoice, now: now)
    else { return nil }
    return (offlineInvoice, request.amount, request.description)
  }

  /// What a payment did to the display.
  enum PaymentEffect: Sendable, Equatable {
    /// The offline invoice on display was paid and is retired.
    case retiredOffline(AcceptedInvoice)
    /// Another payment: the ordinary invoice, which may just have been paid, is cleared; the
    /// owner removes it from storage.
    case clearedOrdinary
  }

  /// A payment arrived (the node's payment event, or a paid status).
  ///
  /// Only a matching hash (compared as bytes) retires the offline invoice; any other
  /// payment clears the ordinary invoice and leaves the offline display intact.
  mutating func paymentReceived(_ hash: PaymentHash) -> PaymentEffect {
    gate.paymentReceived(hash)
    forgetDeadline(of: hash)
    if let offlineInvoice, offlineInvoice.paymentHash == hash {
      clearOffline()
      return .retiredOffline(offlineInvoice)
    }
    ordinarySlot = .empty
    return .clearedOrdinary
  }

  /// A no-op unless the offline invoice's end is at or before `now`, or its
  /// `monotonicDeadline` at or before `monotonicNow`; otherwise clears it and retires its
  /// registration.
  /// - Returns: the retired invoice, if any.
  mutating func retireExpired(now: UInt64, monotonicNow: Duration? = nil) -> AcceptedInvoice? {
    guard let offlineInvoice else { return nil }
    var ended = offlineInvoice.displayUntil <= now
    if let monotonicNow, let monotonicDeadline, monotonicDeadline <= monotonicNow { ended = true }
    guard ended else { return nil }
    clearOffline()
    gate.retire(offlineInvoice.paymentHash)
    forgetDeadline(of: offlineInvoice.paymentHash)
    return offlineInvoice
  }

  /// Retires the offline invoice with `hash` (its intent was cancelled): clears it and its
  /// registration. Any other invoice stays.
  /// - Returns: whether it was on display.
  mutating func retire(_ hash: PaymentHash) -> Bool {
    guard let offlineInvoice, offlineInvoice.paymentHash == hash else { return false }
    clearOffline()
    gate.retire(hash)
    forgetDeadline(of: hash)
    return true
  }

  /// A channel-ready or channel-closed event clears the ordinary invoice (it must be made
  /// again), but never a displayed offline invoice.
  mutating func channelsChanged() {
    guard !isOfflineMode else { return }
    ordinarySlot = .empty
  }

  /// A new receive session: offline mode off, the offline slot and the registration
  /// gone. The persisted ordinary invoice stays.
  mutating func reset() {
    isOfflineMode = false
    request = nil
    clearOffline()
    gate.reset()
  }

  /// The invoice with `hash` will not be shown again (paid, expired or cancelled): its first
  /// deadline is no longer owed.
  private mutating func forgetDeadline(of hash: PaymentHash) {
    if firstDeadline?.paymentHash == hash { firstDeadline = nil }
  }

  private mutating func clearOffline() {
    offlineInvoice = nil
    offlineSlot = .empty
    monotonicDeadline = nil
  }
}
