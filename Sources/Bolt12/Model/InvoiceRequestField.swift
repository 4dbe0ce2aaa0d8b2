/// The fields of an invoice request beyond the offer's: each one's TLV type and BOLT #12 name.
public enum InvoiceRequestField: UInt64, CaseIterable, Sendable {
  /// Bytes for the payer's own use, unpredictable and unique.
  case metadata = 0
  /// The chain the request pays on; bitcoin when absent.
  case chain = 80
  /// The amount the payer offers, in millisatoshis (`tu64`).
  case amount = 82
  /// The request's feature bits.
  case features = 84
  /// How many items (`tu64`).
  case quantity = 86
  /// The key that signs the request.
  case payerID = 88
  /// A note from the payer (UTF-8).
  case payerNote = 89
  /// Blinded paths to the payer.
  case paths = 90
  /// The BIP-353 name the payer resolved to find the offer.
  case bip353Name = 91

  /// The field's BOLT #12 name: `invreq_metadata`, `invreq_amount`, ...
  public var name: String {
    switch self {
    case .metadata: "invreq_metadata"
    case .chain: "invreq_chain"
    case .amount: "invreq_amount"
    case .features: "invreq_features"
    case .quantity: "invreq_quantity"
    case .payerID: "invreq_payer_id"
    case .payerNote: "invreq_payer_note"
    case .paths: "invreq_paths"
    case .bip353Name: "invreq_bip_353_name"
    }
  }
}
