public import Chains
public import Secp256k1

/// The offer's fields that an invoice request or an invoice copies, read and checked by the
/// offer reader's rules on each field's own value.
///
/// Unlike an ``Offer``, none is required here: a request that answers no offer (a refund)
/// carries only some of them.
public struct OfferFields: Sendable, Hashable {
  /// `offer_chains`: the chains the offer is valid for, in the order given; never empty.
  public internal(set) var chains: [ChainHash]?
  /// `offer_metadata`.
  public internal(set) var metadata: [UInt8]?
  /// `offer_currency`: three upper-case letters.
  public internal(set) var currency: String?
  /// `offer_amount`, in ``currency``'s minor unit or in millisatoshis; never zero.
  public internal(set) var amount: UInt64?
  /// `offer_description`.
  public internal(set) var description: String?
  /// `offer_features`, as received.
  public internal(set) var features: [UInt8]?
  /// `offer_absolute_expiry`, in seconds since 1970.
  public internal(set) var absoluteExpiry: UInt64?
  /// `offer_paths`; never empty.
  public internal(set) var paths: [BlindedPath]?
  /// `offer_issuer`.
  public internal(set) var issuer: String?
  /// `offer_quantity_max`; 0 for no limit.
  public internal(set) var quantityMax: UInt64?
  /// `offer_issuer_id`, a point on the curve.
  public internal(set) var issuerID: PublicKey?

  init() {}

  /// Whether these fields answer an offer: `offer_issuer_id` or `offer_paths` is present.
  /// Without either, an invoice request is a refund.
  public var answersOffer: Bool { issuerID != nil || paths != nil }

  /// The amount in millisatoshis, when there is an amount and no currency.
  public var amountMsat: UInt64? { currency == nil ? amount : nil }
}
