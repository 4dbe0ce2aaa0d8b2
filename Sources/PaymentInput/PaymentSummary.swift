public import Bolt11
import Bolt12
public import Secp256k1

/// What a payer would pay, in one shape for every payable string: a BOLT #11 invoice, a BOLT #12
/// offer or invoice, or a `bitcoin:` URI that holds a BOLT #11 invoice or an offer.
///
/// A wallet shows this before asking for consent. ``description`` and ``issuer`` are as
/// received; ``displayDescription`` and ``displayIssuer`` are the same texts made safe for a
/// label (nothing that can mislead, no escapes shown), and printing a summary escapes every text.
public struct PaymentSummary: Sendable, Equatable {
  /// How much: in millisatoshis, or in a currency's minor unit.
  public enum Amount: Sendable, Equatable {
    /// Millisatoshis (`text(in: .satoshis)` for people: exact, `1.5 sat`).
    case millisatoshis(Millisatoshis)
    /// `minorUnits` of the ISO 4217 currency `code` (cents of USD); `text` is the amount for
    /// people (`12.50 USD`), nil for a code ISO 4217 does not list.
    case currency(code: String, minorUnits: UInt64, text: String?)
  }

  /// What was summarised: ``PaymentString/Kind/bolt11``, ``PaymentString/Kind/bolt12Offer``
  /// (also when it came in a URI) or ``PaymentString/Kind/bolt12Invoice``.
  public let kind: PaymentString.Kind
  /// The amount asked; nil when the payer chooses it.
  public let amount: Amount?
  /// What the payment is for, as received; nil for an invoice with only a description hash or
  /// an offer without a description.
  public let description: String?
  /// Who is paid: a BOLT #11 invoice's payee, an offer's issuer id (nil for an offer reached
  /// only through blinded paths), or a BOLT #12 invoice's `invoice_node_id`.
  public let payee: PublicKey?
  /// The offer's issuer, as received (for a BOLT #12 invoice, as it copied it); nil for a BOLT
  /// #11 invoice.
  public let issuer: String?
  /// When the string stops being payable, in seconds since 1970; nil when it never does (a BOLT
  /// #12 invoice whose expiry is beyond 2^64 − 1 seconds included).
  public let expiresAt: UInt64?
  /// The networks it pays on (`bitcoin`, `testnet`, ...; a chain this package does not know is
  /// nil).
  public let networks: [String?]
  /// The warnings' codes, each once: the invoice's or the offer's, then the URI's.
  public let warnings: [String]
  /// A `bitcoin:` URI's `label` (who is paid, in the payer's words), as received; nil otherwise.
  public private(set) var label: String?
  /// A `bitcoin:` URI's `message` (what for), as received; nil otherwise.
  public private(set) var message: String?

  /// ``description`` for a label in a UI: what can mislead (controls, bidirectional and
  /// invisible characters) removed, grapheme clusters whole (`SafeText.label`).
  public var displayDescription: String? { description.map { SafeText.label($0) } }
  /// ``issuer`` for a label in a UI, as ``displayDescription``.
  public var displayIssuer: String? { issuer.map { SafeText.label($0) } }
}

extension PaymentString {
  /// What a payer would pay: for a BOLT #11 invoice, a valid offer, a valid BOLT #12 invoice,
  /// or a `bitcoin:` URI with one valid `lightning=` invoice (else its first valid `lno=`
  /// offer); nil for any other string (an invoice request is the payer's, not a payee's).
  public var paymentSummary: PaymentSummary? {
    switch self {
    case .bolt11(let invoice): return PaymentSummary(invoice, uriWarnings: [])
    case .bolt12:
      return offer.map { PaymentSummary($0, uriWarnings: []) }
        ?? bolt12Invoice.map(
          PaymentSummary.init)
    case .bip321(let uri):
      let uriWarnings = uri.warnings.map(\.code.rawValue)
      if uri.lightning.count == 1, let invoice = try? uri.lightning[0].result.get() {
        return PaymentSummary(invoice, uriWarnings: uriWarnings).from(uri)
      }
      return offer.map { PaymentSummary($0, uriWarnings: uriWarnings).from(uri) }
    default: return nil
    }
  }
}

extension PaymentSummary {
  init(_ invoice: Invoice, uriWarnings: [String]) {
    kind = .bolt11
    amount = invoice.amount.map { .millisatoshis($0) }
    if case .text(let text) = invoice.description { description = text } else { description = nil }
    payee = invoice.payeeNodeID
    issuer = nil
    expiresAt = invoice.expiresAt
    networks = [invoice.currency.knownNetworkName]
    warnings = Self.unique(invoice.warnings.map(\.rawValue) + uriWarnings)
    label = nil
    message = nil
  }

  init(_ offer: Offer, uriWarnings: [String]) {
    kind = .bolt12Offer
    if let msat = offer.amountMsat {
      amount = .millisatoshis(Millisatoshis(msat))
    } else if let currency = offer.currency, let units = offer.amount {
      amount = .currency(code: currency, minorUnits: units, text: offer.amountText)
    } else {
      amount = nil
    }
    description = offer.description
    payee = offer.issuerID
    issuer = offer.issuer
    expiresAt = offer.absoluteExpiry
    networks = offer.networks.map { $0?.name }
    warnings = Self.unique(offer.warnings.map(\.code.rawValue) + uriWarnings)
    label = nil
    message = nil
  }

  init(_ invoice: Bolt12Invoice) {
    kind = .bolt12Invoice
    amount = .millisatoshis(Millisatoshis(invoice.amountMsat))
    description = invoice.offer.description
    payee = invoice.nodeID
    issuer = invoice.offer.issuer
    // Saturated at 2^64 - 1: such an invoice never expires.
    expiresAt = invoice.expiresAt == .max ? nil : invoice.expiresAt
    networks = [invoice.request.network?.name]
    warnings = Self.unique(invoice.warnings.map(\.code.rawValue))
    label = nil
    message = nil
  }

  /// This summary with the URI's label and message.
  fileprivate func from(_ uri: BitcoinURI) -> PaymentSummary {
    var summary = self
    summary.label = uri.label
    summary.message = uri.message
    return summary
  }

  private static func unique(_ codes: [String]) -> [String] {
    var seen: [String] = []
    for code in codes where !seen.contains(code) { seen.append(code) }
    return seen
  }
}
