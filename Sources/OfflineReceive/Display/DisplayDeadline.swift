public import Bolt11

/// When a shown offline invoice must leave the QR, as computed when it was first shown: kept by
/// the wallet across a restart or a reboot, so that an invoice shown again after one is never
/// given more time than it first had.
///
/// `ReceiveFlow` hands one to its `persistDisplayDeadline` closure when it first shows an
/// invoice, and nil once that invoice is paid, expired or cancelled; a flow made with it shows
/// that invoice again (`ReceiveFlow.restore(_:)`) until the earlier of this deadline and the one
/// computed then, and, in the same boot, until its first deadline measured on the boot clock
/// (`shownAtBoot`), so that a wall clock set back while the app was not running gives it no
/// more time. An invoice first shown in another boot is not shown again (`offline.display_expired`):
/// the time since cannot be measured. It is a small `Codable` value: store it beside the
/// wallet's preferences; a value stored without `shownAtBoot` still decodes.
public struct DisplayDeadline: Sendable, Hashable, Codable {
  /// The invoice it belongs to.
  public var paymentHash: PaymentHash
  /// The wall-clock second (Unix) from which the invoice must not be shown: its display end
  /// counted from when it was shown, less the accepted clock skew.
  public var retireAt: UInt64
  /// The wall clock when the invoice was first shown. After a restart the real time is taken to
  /// be no earlier, so a wall clock set back since then does not lengthen the display.
  public var shownAt: UInt64
  /// The boot clock when the invoice was first shown, if the clock could read it. In the same
  /// boot the time since is measured on it, and the invoice is owed no more than
  /// `retireAt - shownAt` less that time.
  public var shownAtBoot: BootClockReading?

  /// A deadline as first computed.
  public init(
    paymentHash: PaymentHash, retireAt: UInt64, shownAt: UInt64,
    shownAtBoot: BootClockReading? = nil
  ) {
    self.paymentHash = paymentHash
    self.retireAt = retireAt
    self.shownAt = shownAt
    self.shownAtBoot = shownAtBoot
  }
}
