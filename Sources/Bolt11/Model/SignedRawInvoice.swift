import Bech32Codec
import Secp256k1

/// An invoice whose syntax and fields have been checked, but whose signature has not.
///
/// `SignedRawInvoice.parse` is the decoder without any elliptic-curve work, for callers that
/// check signatures elsewhere or only need the fields. Its payee is unknown unless the invoice
/// states one in `n`, and nothing in it is authenticated. `verified()` turns it into an `Invoice`.
@dynamicMemberLookup
public struct SignedRawInvoice: Sendable, Hashable {
  /// The invoice as received: human-readable part, data words and fields in received order.
  public let raw: RawInvoice
  /// What the invoice says, every field rule checked.
  public let fields: InvoiceFields
  /// The signature and recovery id, not yet checked.
  public let signature: InvoiceSignature
  /// Where the invoice's first character stood in the caller's input (after white space and a
  /// `lightning:` prefix), for error positions.
  let inputOffset: Int

  /// Reads a field straight from ``fields``: `invoice.amount` for `invoice.fields.amount`.
  public subscript<Value>(dynamicMember keyPath: KeyPath<InvoiceFields, Value>) -> Value {
    fields[keyPath: keyPath]
  }
}

/// A fully checked invoice: every reader rule of BOLT #11, the signature, and the payee.
///
/// Equal and hashed by what was signed and the signature, in the canonical lower case (an
/// upper-case copy equals the lower-case one); shown (`print`, string interpolation)
/// as the invoice string itself, which is Bech32 and so always safe to print.
/// `invoice.description` is the invoice's `d` or `h` field, as every field is read straight
/// from ``fields``.
@dynamicMemberLookup
public struct Invoice: Sendable, Hashable {
  /// The invoice as received: human-readable part, data words and fields in received order.
  public let raw: RawInvoice
  /// What the invoice says, every field rule checked.
  public let fields: InvoiceFields
  /// The signature, checked against the payee.
  public let signature: InvoiceSignature
  /// The payee: the `n` field, checked against the signature, or the key recovered from it.
  public let payeeNodeID: PublicKey
  /// Where the invoice's first character stood in the caller's input, for error positions.
  let inputOffset: Int

  /// Reads a field straight from ``fields``: `invoice.amount` for `invoice.fields.amount`.
  public subscript<Value>(dynamicMember keyPath: KeyPath<InvoiceFields, Value>) -> Value {
    fields[keyPath: keyPath]
  }

  /// The invoice as a string, exactly as it was received.
  public var string: String { raw.encoded() }
}

extension InvoiceSignature {
  /// The signature in DER, as Core Lightning prints it, or nil when r or s is out of range.
  public var der: [UInt8]? { compact.der }
}

extension ExtraField {
  /// The type as its Bech32 character.
  public var letter: Character { Bech32.character(of: tag) }
  /// The data as Bech32 characters.
  public var bech32Data: String {
    String(decoding: words.map { Bech32.alphabet[Int($0)] }, as: UTF8.self)
  }
}

extension SignedRawInvoice {
  /// Equal when they carry the same signed data: the same human-readable part and data words,
  /// signature included, whatever the case they were written in, where they stood in some
  /// input, or the mode they were read in.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.raw.hasSameSignedData(as: rhs.raw) }
}

extension Invoice {
  /// Equal when they carry the same signed data: the same human-readable part and data words,
  /// signature included, whatever the case they were written in (a QR code's upper-case copy
  /// equals the pasted lower-case one), where they stood in some input, or the mode they were
  /// read in. Everything else an `Invoice` holds is read from that data.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.raw.hasSameSignedData(as: rhs.raw) }

  /// Hashes the signed bytes (prefix and data part, signature included).
  public func hash(into hasher: inout Hasher) { raw.hashSigned(into: &hasher) }
}

extension SignedRawInvoice {
  /// Hashes the signed bytes (prefix and data part, signature included).
  public func hash(into hasher: inout Hasher) { raw.hashSigned(into: &hasher) }
}

extension RawInvoice {
  /// Whether the human-readable parts (held lower-cased) and every data word, the signature's
  /// included, are the same: the canonical form's equality, whatever the case written.
  func hasSameSignedData(as other: RawInvoice) -> Bool { hrp == other.hrp && words == other.words }

  /// The human-readable part and every data word, the signature's included; not the case it
  /// was written in.
  func hashSigned(into hasher: inout Hasher) {
    hasher.combine(hrp)
    hasher.combine(words)
  }
}

extension Invoice: CustomDebugStringConvertible {
  /// The invoice string, as received (`string`).
  public var debugDescription: String { string }
}

extension SignedRawInvoice: CustomDebugStringConvertible {
  /// The invoice string, as received.
  public var debugDescription: String { raw.encoded() }
}
