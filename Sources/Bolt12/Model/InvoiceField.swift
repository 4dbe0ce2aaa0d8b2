/// The fields of an invoice beyond the request's: each one's TLV type and BOLT #12 name.
public enum InvoiceField: UInt64, CaseIterable, Sendable {
  /// Blinded paths to the payee.
  case paths = 160
  /// One `blinded_payinfo` per path.
  case blindedPay = 162
  /// When the invoice was made, in seconds since 1970 (`tu64`).
  case createdAt = 164
  /// Seconds after ``createdAt`` the invoice stops (`tu32`); 7200 when absent.
  case relativeExpiry = 166
  /// The SHA-256 of the payment preimage.
  case paymentHash = 168
  /// The amount, in millisatoshis (`tu64`).
  case amount = 170
  /// On-chain addresses to pay instead.
  case fallbacks = 172
  /// The invoice's feature bits.
  case features = 174
  /// The key that signs the invoice.
  case nodeID = 176

  /// The field's BOLT #12 name: `invoice_paths`, `invoice_amount`, ...
  public var name: String {
    switch self {
    case .paths: "invoice_paths"
    case .blindedPay: "invoice_blindedpay"
    case .createdAt: "invoice_created_at"
    case .relativeExpiry: "invoice_relative_expiry"
    case .paymentHash: "invoice_payment_hash"
    case .amount: "invoice_amount"
    case .fallbacks: "invoice_fallbacks"
    case .features: "invoice_features"
    case .nodeID: "invoice_node_id"
    }
  }
}
