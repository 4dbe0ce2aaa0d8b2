public import Bolt11

/// When a shown offline invoice must leave the QR, as computed when it was first shown: kept by
/// the wallet across a restart or a reboot, so that an invoice shown again after one is never
/// given more time than it first had.
///
/// `ReceiveFlow` hands one to its `persistDisplayDeadline` closure when it first shows an
/// invoice, and nil once that invoice is paid, expired or cancelled; a flow made with it shows
/// that invoice again (`ReceiveFlow.restore(_:)`) until the earlier of this deadline and the one
/// computed then. It is a small `Codable` value: store it beside the wallet's preferences.
public struct DisplayDeadline: Sendable, Hashable, Codable {
  /// The invoice it belongs to.
  public var paymentHash: PaymentHash
  /// The wall-clock second (Unix) from which the invoice must not be shown: its display end
  /// counted from when it was shown, less the accepted clock skew.
  public var retireAt: UInt64
  /// The wall clock when the invoice was first shown. After a restart the real time is taken to
  /// be no earlier, so a wall clock set back since then does not lengthen the display.
  public var shownAt: UInt64

  /// A deadline as first computed.
  public init(paymentHash: PaymentHash, retireAt: UInt64, shownAt: UInt64) {
    self.paymentHash = paymentHash
    self.retireAt = retireAt
    self.shownAt = shownAt
  }
}
