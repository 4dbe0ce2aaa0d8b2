public import Chains
public import Secp256k1

/// A BOLT #12 offer, read and checked in full: every field, every unknown odd record, its id.
///
/// The only ways to make one are ``decode(_:options:)`` and ``OfferBuilder``: every rule a reader
/// applies holds for every `Offer` value. Absent fields are nil; present ones hold what the
/// string carries.
public struct Offer: Sendable, Hashable {
  /// The chains the offer is valid for, in the order given; nil when the offer names none (then
  /// bitcoin alone). Never empty.
  public let chains: [ChainHash]?
  /// Bytes for the issuer's own use.
  public let metadata: [UInt8]?
  /// The ISO 4217 code of the amount's currency (three upper-case letters); nil for
  /// millisatoshis.
  public let currency: String?
  /// The amount per item, in ``currency``'s minor unit, or in millisatoshis without a currency.
  /// Never zero.
  public let amount: UInt64?
  /// What the payment is for; present whenever ``amount`` is.
  public let description: String?
  /// The feature bits as received, big-endian (bit 0 is the low bit of the last byte).
  public let features: [UInt8]?
  /// When the offer stops, in seconds since 1970.
  public let absoluteExpiry: UInt64?
  /// Blinded paths to the issuer; never empty.
  public let paths: [BlindedPath]?
  /// Who issues the offer.
  public let issuer: String?
  /// The most items one invoice may be for; 0 for no limit.
  public let quantityMax: UInt64?
  /// The issuer's key, a point on the curve; present whenever ``paths`` is not.
  public let issuerID: PublicKey?
  /// Records of odd types this reader does not know, in stream order, as received.
  public let unknownRecords: [UnknownRecord]
  /// The offer's id.
  public let offerID: OfferID
  /// The TLV stream, as received (or as the builder wrote it).
  public let bytes: [UInt8]
  /// What a wallet should know about this valid offer.
  public let warnings: [Bolt12Warning]

  init(
    chains: [ChainHash]?, metadata: [UInt8]?, currency: String?, amount: UInt64?,
    description: String?, features: [UInt8]?, absoluteExpiry: UInt64?, paths: [BlindedPath]?,
    issuer: String?, quantityMax: UInt64?, issuerID: PublicKey?, unknownRecords: [UnknownRecord],
    offerID: OfferID, bytes: [UInt8], warnings: [Bolt12Warning]
  ) {
    self.chains = chains
    self.metadata = metadata
    self.currency = currency
    self.amount = amount
    self.description = description
    self.features = features
    self.absoluteExpiry = absoluteExpiry
    self.paths = paths
    self.issuer = issuer
    self.quantityMax = quantityMax
    self.issuerID = issuerID
    self.unknownRecords = unknownRecords
    self.offerID = offerID
    self.bytes = bytes
    self.warnings = warnings
  }

  /// The chain of each of ``chains``, nil for a chain not in the table; `[bitcoin]` when the
  /// offer names none.
  public var networks: [Chain?] {
    chains.map { $0.map(Chain.withGenesisHash) } ?? [.bitcoin]
  }

  /// The amount in millisatoshis, when the offer has an amount and no currency.
  public var amountMsat: UInt64? { currency == nil ? amount : nil }

  /// The number of decimal places of ``currency``'s minor unit in ISO 4217 (2 for USD, 0 for
  /// JPY); nil without a currency, or for a code ISO 4217 does not list or gives none.
  public var currencyMinorUnit: Int? { currency.flatMap(CurrencyCode.minorUnit) }

  /// The amount for people: `12.50 USD` (the minor unit placed by ISO 4217's decimals),
  /// `1250 XAU` for a code without decimals, `5000 msat` without a currency; nil without an
  /// amount, or for a currency ISO 4217 does not list (its unit is unknown).
  public var amountText: String? {
    guard let amount else { return nil }
    guard let currency else { return "\(amount) msat" }
    guard CurrencyCode.isListed(currency) else { return nil }
    let decimals = CurrencyCode.minorUnit(currency) ?? 0
    guard decimals > 0 else { return "\(amount) \(currency)" }
    var digits = String(amount)
    if digits.count <= decimals {
      digits = String(repeating: "0", count: decimals - digits.count + 1) + digits
    }
    let split = digits.index(digits.endIndex, offsetBy: -decimals)
    return "\(digits[..<split]).\(digits[split...]) \(currency)"
  }

  /// The string form of the offer: `lno1` and its bytes, lower case.
  public var text: String { StringForm(kind: .offer, bytes: bytes).text }
}
