public import Bolt11
public import Bolt12

/// A BOLT #12 offer, invoice request or invoice: its string form, and for an offer the offer
/// read and checked in full.
///
/// The form: a prefix (`lno`, `lnr` or `lni`), `1`, then data characters of the Bech32 alphabet,
/// all in one case, with no checksum. A `+` followed by optional white space may join two parts
/// anywhere, the prefix included, and is removed. The data must regroup into whole bytes, with at
/// most four zero bits of padding, and must not be empty. Invoice requests and invoices are
/// recognised by this form and not decoded further.
public struct Bolt12String: Sendable, Hashable {
  /// The three kinds of BOLT #12 string.
  public typealias Kind = StringForm.Kind

  /// Offer, invoice request or invoice.
  public let kind: Kind
  /// The TLV stream the data characters encode.
  public let bytes: [UInt8]
  /// For an offer, the offer read with every reader rule and the caller's clock and network,
  /// or the first rule it breaks; nil for an invoice request or an invoice.
  public let offer: Result<Offer, Bolt12Error>?

  /// The human-readable prefix, lower case: `lno`, `lnr` or `lni`.
  public var hrp: String { kind.rawValue }

  /// The error of an offer that breaks a rule; nil otherwise.
  public var offerError: Bolt12Error? {
    if case .failure(let error)? = offer { return error }
    return nil
  }

  /// Reads a BOLT #12 string.
  ///
  /// An offer whose string form is sound but which breaks a reader rule is returned, with the
  /// rule in ``offer``.
  ///
  /// - Parameters:
  ///   - text: the string, optionally with a `lightning:` prefix and white space around it.
  ///   - options: for an offer, the clock (`bolt12.expired` at or after its expiry) and the
  ///     network (`bolt12.network_mismatch` when none of its chains is that network).
  /// - Throws: `PaymentStringError` with `bolt12.malformed` or `bolt12.too_long`, or
  ///   `input.unrecognized` or the `input.*` code of another kind when `text` is not a BOLT #12
  ///   string at all.
  /// - Complexity: O(n).
  public init(parsing text: String, options: DecodeOptions = DecodeOptions())
    throws(PaymentStringError)
  {
    self = try Recognition.read(
      Array(text.utf8), as: [.bolt12Offer, .bolt12InvoiceRequest, .bolt12Invoice],
      "a BOLT #12 string"
    ) { body, kind throws(PaymentStringError) in
      do throws(PaymentStringError) {
        return try Bolt12String(parsingUTF8: body, options: options)
      } catch {
        throw error.recognised(as: kind)
      }
    }
  }

  /// Reads the body of a string recognised as BOLT #12 (indices the offsets in the whole
  /// string), through the string form of the `Bolt12` library.
  init(parsingUTF8 text: ArraySlice<UInt8>, options: DecodeOptions) throws(PaymentStringError) {
    let string = String(decoding: text, as: UTF8.self)
    let form: StringForm
    do { form = try StringForm(parsing: string) } catch {
      // Every character before a fault is ASCII: the fault's character offset is its byte
      // offset in `text`.
      throw PaymentStringError(bolt12Error: error, kind: nil, offset: text.startIndex)
    }
    kind = form.kind
    bytes = form.bytes
    guard form.kind == .offer else {
      offer = nil
      return
    }
    let readOptions = Self.readOptions(options)
    offer = Result { () throws(Bolt12Error) in try Offer.decode(string, options: readOptions) }
  }

  /// The offer reader's options from the invoice decoder's: the same clock and network.
  static func readOptions(_ options: DecodeOptions) -> ReadOptions {
    var read = ReadOptions(now: options.now)
    if let network = options.network {
      read = ReadOptions(now: options.now, network: network.rawValue) ?? read
    }
    return read
  }
}

extension Bolt12String {
  /// The same kind, bytes and reading of the offer.
  public static func == (lhs: Bolt12String, rhs: Bolt12String) -> Bool {
    lhs.kind == rhs.kind && lhs.bytes == rhs.bytes && lhs.offer == rhs.offer
  }

  /// Hashes the kind and the bytes (the offer's reading follows from them and the options).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(kind)
    hasher.combine(bytes)
  }
}

extension StringForm.Kind {
  /// The prefix with its separator, four lower-case ASCII bytes as one big-endian integer.
  var packedPrefix: UInt32 {
    rawValue.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) } << 8 | UInt32(UInt8(ascii: "1"))
  }

  /// The payment-string kind of this kind.
  var paymentStringKind: PaymentString.Kind {
    switch self {
    case .offer: .bolt12Offer
    case .invoiceRequest: .bolt12InvoiceRequest
    case .invoice: .bolt12Invoice
    }
  }
}
