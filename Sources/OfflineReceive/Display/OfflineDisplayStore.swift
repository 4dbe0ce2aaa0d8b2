/// What the receive QR shows (spec §1.8, §2.D): a persisted ordinary slot and a memory-only
/// offline slot, the offline one admitted only through the payment gate.
///
/// Departures from the original, each from spec §4:
/// - W9: expiry and a matching payment retire only the invoice they concern
///   (`PaymentGate.retire(_:)`), never a newer preparation's token.
/// - W12/W17: nothing reads a clock. `nextDeadline` says when the offline invoice must go, and
///   `retireExpired(now:)` retires it, so a headless caller needs no UI timer.
/// - D5: the offline invoice ends at its `displayUntil`, which is at or before the signed expiry
///   (the safety margin and the display cap of the validator).
public actor OfflineDisplayStore {
  private let gate: PaymentGate
  private let ordinaryCache: any OrdinaryInvoiceCache

  /// Spec D4: a fresh instance starts with offline mode off.
  public private(set) var mode: ReceiveMode = .ordinary
  public private(set) var request: ReceiveRequest?
  /// The validated offline invoice on display; memory only.
  public private(set) var offlineInvoice: AcceptedInvoice?
  private var offlineSlot: DisplayedInvoice = .empty
  private var ordinarySlot: DisplayedInvoice

  /// Opens the store over the persisted ordinary cache.
  public init(gate: PaymentGate, ordinaryCache: any OrdinaryInvoiceCache) async {
    self.gate = gate
    self.ordinaryCache = ordinaryCache
    self.ordinarySlot = await ordinaryCache.load() ?? .empty
  }

  /// What the QR shows now: the slot of the current mode.
  public var visible: DisplayedInvoice { mode == .offline ? offlineSlot : ordinarySlot }

  /// When the offline invoice must stop being shown (its `displayUntil`), if one is shown.
  public var nextDeadline: UInt64? { offlineInvoice?.displayUntil }

  /// Shows an ordinary invoice and persists it. Refused (false) in offline mode.
  @discardableResult
  public func showOrdinary(_ invoice: DisplayedInvoice) async -> Bool {
    guard mode == .ordinary else { return false }
    ordinarySlot = invoice
    await ordinaryCache.store(invoice)
    return true
  }

  /// D9: "Switching the mode in either direction clears the offline slots and the offline
  /// invoice, and resets registration."
  public func setMode(_ newMode: ReceiveMode) async {
    guard newMode != mode else { return }
    mode = newMode
    clearOffline()
    await gate.reset()
  }

  /// D9: "A refresh that changes the request ... clears the visible strings before preparing."
  public func setRequest(_ newRequest: ReceiveRequest) {
    guard newRequest != request else { return }
    request = newRequest
    if let offlineInvoice,
      !offlineInvoice.matches(amountSats: newRequest.amountSats, description: newRequest.note)
    {
      clearOffline()
    }
  }

  /// Puts a registered offline invoice on display.
  ///
  /// D8: "Applying an invoice in offline mode requires all of: a candidate exists; its bolt11
  /// equals the one being applied; it is displayable for the current amount and note;
  /// registration contains it. In ordinary mode, any offline candidate is refused."
  /// D10: the mode and request are re-checked after the await, so a late apply never publishes.
  /// - Returns: whether it is now displayed.
  public func apply(_ invoice: AcceptedInvoice, now: UInt64) async -> Bool {
    guard mode == .offline, let request,
      invoice.isDisplayable(amountSats: request.amountSats, description: request.note, now: now)
    else { return false }
    guard await gate.contains(invoice, now: now) else { return false }
    guard mode == .offline, self.request == request else { return false }
    offlineInvoice = invoice
    offlineSlot = DisplayedInvoice(offline: invoice)
    return true
  }

  /// Spec §1.8 "has prepared offline invoice": offline mode, an offline invoice that is the one
  /// displayed, for the current amount and note, not expired, and still registered.
  public func hasPreparedOfflineInvoice(now: UInt64) async -> Bool {
    await preparedOfflineInvoice(now: now) != nil
  }

  /// The invoice for which `hasPreparedOfflineInvoice(now:)` holds, with the request it was
  /// checked against, read in one step.
  public func preparedOfflineInvoice(now: UInt64) async -> (AcceptedInvoice, ReceiveRequest)? {
    guard mode == .offline, let offlineInvoice, let request,
      offlineSlot.bolt11 == offlineInvoice.bolt11,
      offlineInvoice.isDisplayable(
        amountSats: request.amountSats, description: request.note, now: now)
    else { return nil }
    guard await gate.contains(offlineInvoice, now: now) else { return nil }
    // Re-read after the await: what is displayed now, not what was.
    guard self.offlineInvoice == offlineInvoice, self.request == request, mode == .offline else {
      return nil
    }
    return (offlineInvoice, request)
  }

  /// A payment arrived (the node's event or the provider's settled status, §3 E).
  ///
  /// D3: only a matching hash (compared as bytes) retires the offline invoice. D6: any other
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
    await ordinaryCache.store(nil)
    return nil
  }

  /// D11: a no-op unless the offline invoice's end is at or before `now`; otherwise clears it
  /// and retires its registration (W9: only its own).
  /// - Returns: the retired invoice, if any.
  @discardableResult
  public func retireExpired(now: UInt64) async -> AcceptedInvoice? {
    guard let offlineInvoice, offlineInvoice.displayUntil <= now else { return nil }
    clearOffline()
    await gate.retire(offlineInvoice.paymentHash)
    return offlineInvoice
  }

  /// D7: a channel-ready or channel-closed event clears the ordinary invoice (it must be made
  /// again), but never a displayed offline invoice.
  public func channelsChanged() {
    guard mode == .ordinary else { return }
    ordinarySlot = .empty
  }

  /// D2/D4/W3: a new receive session: offline mode off, the offline slot and the registration
  /// gone. The persisted ordinary invoice stays.
  public func reset() async {
    mode = .ordinary
    request = nil
    clearOffline()
    await gate.reset()
  }

  private func clearOffline() {
    offlineInvoice = nil
    offlineSlot = .empty
  }
}
