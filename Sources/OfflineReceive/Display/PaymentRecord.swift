public import Bolt11

/// One entry of the wallet's payment history, as the payment gate reads it.
public struct PaymentRecord: Sendable, Hashable {
  /// Whether the payment came in (true) or went out.
  public var isInbound: Bool
  /// Whether the payment completed; pending and failed payments are false.
  public var succeeded: Bool
  /// The BOLT #11 payment hash, or nil for a payment that is not a BOLT #11 one (on-chain).
  public var paymentHash: PaymentHash?

  /// A history entry.
  public init(isInbound: Bool, succeeded: Bool, paymentHash: PaymentHash?) {
    self.isInbound = isInbound
    self.succeeded = succeeded
    self.paymentHash = paymentHash
  }

  /// Whether this entry pays `hash`: only a succeeded, inbound BOLT #11 payment with that hash
  /// does. Hashes compare as 32 bytes.
  public func pays(_ hash: PaymentHash) -> Bool {
    isInbound && succeeded && paymentHash == hash
  }
}
