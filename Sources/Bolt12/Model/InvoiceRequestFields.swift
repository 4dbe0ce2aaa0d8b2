public import Chains
public import Secp256k1

/// An invoice request's own fields (`invreq_*`), read and checked; an invoice copies them.
public struct InvoiceRequestFields: Sendable, Hashable {
  /// `invreq_metadata`: the payer's own bytes; always present in a checked value.
  public internal(set) var metadata: [UInt8] = []
  /// `invreq_chain`; nil for bitcoin.
  public internal(set) var chain: ChainHash?
  /// `invreq_amount`, in millisatoshis, at most 21 million bitcoin.
  public internal(set) var amount: UInt64?
  /// `invreq_features`, as received.
  public internal(set) var features: [UInt8]?
  /// `invreq_quantity`.
  public internal(set) var quantity: UInt64?
  /// `invreq_payer_id`: the payer's key; always present in a checked value.
  public internal(set) var payerID: PublicKey? = nil
  /// `invreq_payer_note`.
  public internal(set) var payerNote: String?
  /// `invreq_paths`; never empty.
  public internal(set) var paths: [BlindedPath]?
  /// `invreq_bip_353_name`.
  public internal(set) var bip353Name: BIP353Name?

  init() {}

  /// The chain of ``chain`` (bitcoin when absent); nil for a chain not in the table.
  public var network: Chain? { chain.map(Chain.withGenesisHash) ?? .bitcoin }
}
