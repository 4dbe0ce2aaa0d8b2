/// What paying through one blinded path costs, and its limits (`blinded_payinfo`).
public struct Payinfo: Sendable, Hashable {
  /// The fee for the whole path, fixed part, in millisatoshis.
  public let feeBaseMsat: UInt32
  /// The fee for the whole path, proportional part, in millionths.
  public let feeProportionalMillionths: UInt32
  /// The CLTV delta of the whole path.
  public let cltvExpiryDelta: UInt16
  /// The least the path carries, in millisatoshis.
  public let htlcMinimumMsat: UInt64
  /// The most the path carries, in millisatoshis.
  public let htlcMaximumMsat: UInt64
  /// The path's feature bits, as received.
  public let features: [UInt8]

  /// Makes a payinfo, for ``Bolt12InvoiceBuilder``.
  public init(
    feeBaseMsat: UInt32, feeProportionalMillionths: UInt32, cltvExpiryDelta: UInt16,
    htlcMinimumMsat: UInt64, htlcMaximumMsat: UInt64, features: [UInt8] = []
  ) {
    self.feeBaseMsat = feeBaseMsat
    self.feeProportionalMillionths = feeProportionalMillionths
    self.cltvExpiryDelta = cltvExpiryDelta
    self.htlcMinimumMsat = htlcMinimumMsat
    self.htlcMaximumMsat = htlcMaximumMsat
    self.features = features
  }

  /// Whether a payer may use the path: no unknown even feature bit (none is assigned).
  public var isUsable: Bool { Offer.lowestEvenBit(features) == nil }
}
