/// The fields of an offer: each one's TLV type and BOLT #12 name, the one table readers, the
/// builder and the JSON read them from.
public enum OfferField: UInt64, CaseIterable, Sendable {
  /// The chains the offer is valid for (`...*chain_hash`); bitcoin alone when absent.
  case chains = 2
  /// Bytes for the issuer's own use.
  case metadata = 4
  /// The ISO 4217 code of the amount's currency; millisatoshis when absent.
  case currency = 6
  /// The amount per item (`tu64`), in the currency's minor unit or in millisatoshis.
  case amount = 8
  /// What the payment is for (UTF-8).
  case description = 10
  /// The offer's feature bits.
  case features = 12
  /// When the offer stops, in seconds since 1970 (`tu64`).
  case absoluteExpiry = 14
  /// Blinded paths to the issuer.
  case paths = 16
  /// Who issues the offer (UTF-8).
  case issuer = 18
  /// The most items one invoice may be for (`tu64`); 0 for no limit.
  case quantityMax = 20
  /// The issuer's public key.
  case issuerID = 22

  /// The field's BOLT #12 name: `offer_chains`, `offer_amount`, ...
  public var name: String {
    switch self {
    case .chains: "offer_chains"
    case .metadata: "offer_metadata"
    case .currency: "offer_currency"
    case .amount: "offer_amount"
    case .description: "offer_description"
    case .features: "offer_features"
    case .absoluteExpiry: "offer_absolute_expiry"
    case .paths: "offer_paths"
    case .issuer: "offer_issuer"
    case .quantityMax: "offer_quantity_max"
    case .issuerID: "offer_issuer_id"
    }
  }

  /// Whether an offer may carry a record of `type`: 1 to 79, or 1,000,000,000 to 1,999,999,999.
  public static func isInOfferRange(_ type: UInt64) -> Bool {
    StringForm.Kind.offer.allowsRecord(ofType: type)
  }
}
