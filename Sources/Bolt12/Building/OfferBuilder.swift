public import Chains
public import Secp256k1

/// Writes an offer: set the fields, then ``build()``.
///
/// `build` writes every field set, in type order, with the shortest encodings, then reads the
/// result back through the reader's own rules (without a clock or networks): it refuses exactly
/// what a reader would refuse, with the reader's code, so every offer it returns is one that
/// ``Offer/decode(_:options:)`` accepts.
///
/// ```swift
/// var builder = OfferBuilder()
/// builder.description = "Coffee"
/// builder.currency = "USD"
/// builder.amount = 450  // cents: 4.50 USD
/// builder.issuerID = nodeID
/// let offer = try builder.build()
/// print(offer.text)  // lno1...
/// ```
public struct OfferBuilder: Sendable {
  /// `offer_chains`: the chains, in order; nil to leave it out (bitcoin alone).
  public var chains: [ChainHash]?
  /// `offer_metadata`.
  public var metadata: [UInt8]?
  /// `offer_currency`: an ISO 4217 code; nil for millisatoshis.
  public var currency: String?
  /// `offer_amount`: per item, in the currency's minor unit or in millisatoshis.
  public var amount: UInt64?
  /// `offer_description`.
  public var description: String?
  /// `offer_features`: the bitmap, big-endian.
  public var features: [UInt8]?
  /// `offer_absolute_expiry`, in seconds since 1970.
  public var absoluteExpiry: UInt64?
  /// `offer_paths`.
  public var paths: [BlindedPath]?
  /// `offer_issuer`.
  public var issuer: String?
  /// `offer_quantity_max`; 0 for no limit.
  public var quantityMax: UInt64?
  /// `offer_issuer_id`.
  public var issuerID: PublicKey?
  /// Records of odd types to write as given, each at its place in type order.
  public var unknownRecords: [UnknownRecord] = []

  /// A builder with no field set.
  public init() {}

  /// A builder holding every field of `offer`: building it again writes the same bytes when the
  /// offer was written in the shortest encodings.
  public init(_ offer: Offer) {
    chains = offer.chains
    metadata = offer.metadata
    currency = offer.currency
    amount = offer.amount
    description = offer.description
    features = offer.features
    absoluteExpiry = offer.absoluteExpiry
    paths = offer.paths
    issuer = offer.issuer
    quantityMax = offer.quantityMax
    issuerID = offer.issuerID
    unknownRecords = offer.unknownRecords
  }

  /// Writes the offer and checks it as a reader would.
  ///
  /// - Throws: `Bolt12Error` with the reader's code for the first rule the offer would break
  ///   (an unknown record of an even type, out of the offer's ranges or on a known type is
  ///   `unknown_even`, `tlv_out_of_range` or `tlv_order`), or `bolt12.invalid_field` for a path
  ///   that cannot be written (more than 255 hops, hop data over 65,535 bytes).
  public func build() throws(Bolt12Error) -> Offer {
    var records: [(type: UInt64, value: [UInt8])] = []
    func add(_ field: OfferField, _ value: [UInt8]?) {
      if let value { records.append((field.rawValue, value)) }
    }
    func number(_ value: UInt64?) -> [UInt8]? {
      value.map { value in
        var bytes: [UInt8] = []
        BigSize.writeTruncated(value, to: &bytes)
        return bytes
      }
    }
    add(.chains, chains.map { $0.flatMap(\.bytes) })
    add(.metadata, metadata)
    add(.currency, currency.map { Array($0.utf8) })
    add(.amount, number(amount))
    add(.description, description.map { Array($0.utf8) })
    add(.features, features)
    add(.absoluteExpiry, number(absoluteExpiry))
    if let paths {
      var bytes: [UInt8] = []
      for path in paths {
        guard path.hops.count <= Int(UInt8.max),
          path.hops.allSatisfy({ $0.encryptedRecipientData.count <= Int(UInt16.max) })
        else {
          throw Bolt12Error(
            .invalidField, "offer_paths: more than 255 hops, or hop data over 65535 bytes",
            field: OfferField.paths.name)
        }
        path.write(to: &bytes)
      }
      add(.paths, bytes)
    }
    add(.issuer, issuer.map { Array($0.utf8) })
    add(.quantityMax, number(quantityMax))
    add(.issuerID, issuerID?.bytes)
    for record in unknownRecords { records.append((record.type, record.value)) }
    // A stable sort: an unknown record on a known type stays after it, which the reader refuses.
    let ordered = records.enumerated().sorted {
      ($0.element.type, $0.offset) < ($1.element.type, $1.offset)
    }.map(\.element)
    let bytes = TLVStream.write(ordered)
    return try Offer(checking: TLVStream(framing: bytes), options: ReadOptions())
  }
}
