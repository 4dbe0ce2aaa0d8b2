/// The receive sheet's rules as pure functions (spec §1.10, §2.U), so any UI can share them.
public enum ReceiveUIPolicy {
  /// Where the receive sheet is.
  public enum Route: Sendable, Hashable {
    /// The QR; `showsCJIT` when it shows a just-in-time channel invoice.
    case qr(showsCJIT: Bool)
    case edit
  }

  /// The tab the user receives into.
  public enum Source: Sendable, Hashable {
    case spending, savings, hardware, onchainOnly

    /// Spec §1.1: Lightning is "false for savings, hardware and on-chain-only tabs".
    public var supportsLightning: Bool { self == .spending }
  }

  /// U6: how long the editor waits for a starting node, in milliseconds.
  public static let nodeStartWaitMilliseconds: UInt64 = 10_000

  /// U1: "Bypass is allowed on the plain QR route with a prepared invoice."
  public static func mayBypassConnectionOverlay(route: Route, hasPreparedOfflineInvoice: Bool)
    -> Bool
  {
    route == .qr(showsCJIT: false) && hasPreparedOfflineInvoice
  }

  /// U1: shown when forced, or when disconnected and offline display is not allowed.
  public static func showsConnectionOverlay(
    isConnected: Bool, offlineDisplayAllowed: Bool, forced: Bool
  ) -> Bool {
    forced || (!isConnected && !offlineDisplayAllowed)
  }

  /// U3: "The editor shows the checkbox when can-select holds for the current snapshot, or when
  /// an attempt exists for this amount and note. It never shows it for on-chain-only, savings or
  /// hardware tabs."
  public static func showsOfflineCheckbox(source: Source, canSelect: Bool, hasAttempt: Bool)
    -> Bool
  {
    source.supportsLightning && (canSelect || hasAttempt)
  }

  /// U4: "Editing the note clears selection when neither condition holds."
  public static func keepsSelectionAfterNoteEdit(canSelect: Bool, hasAttempt: Bool) -> Bool {
    canSelect || hasAttempt
  }

  /// U5: "Show QR" with offline selected but neither condition holding is refused with
  /// *unavailable*; there is no ordinary fallback. Nil means the QR may be shown.
  public static func showQRRefusal(offlineSelected: Bool, canSelect: Bool, hasAttempt: Bool)
    -> OfflineReceiveError?
  {
    guard offlineSelected, !canSelect, !hasAttempt else { return nil }
    return OfflineReceiveError(.unavailable, "offline receive is not available for this request")
  }

  /// U6: whether the editor gives up waiting for a node that started at `startedAt` (ms).
  public static func givesUpWaitingForNode(startedAt: UInt64, now: UInt64) -> Bool {
    now >= startedAt.addingSaturating(nodeStartWaitMilliseconds)
  }
}
