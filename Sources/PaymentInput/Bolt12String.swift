public import Bolt11
public import Bolt12

/// A BOLT #12 offer, invoice request or invoice: its string form, and the offer, invoice
/// request or invoice it holds, read and checked in full.
///
/// The form: a prefix (`lno`, `lnr` or `lni`), `1`, then data characters of the Bech32 alphabet,
/// all in one case, with no checksum. A `+` followed by optional white space may join two parts
/// anywhere, the prefix included, and is removed. The data must regroup into whole bytes, with at
/// most four zero bits of padding, and must not be empty. A string of sound form is then read by
/// its kind's reader: exactly one of ``offer``, ``invoiceRequest`` and ``invoice`` is set, to the
/// value or to the first rule it breaks.
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
  /// For an invoice request, the request read with every reader rule (its signature included)
  /// and the caller's clock and network, or the first rule it breaks; nil for another kind.
  public let invoiceRequest: Result<InvoiceRequest, Bolt12Error>?
  /// For an invoice, the invoice read with every reader rule (its signature included) and the
  /// caller's clock and network, or the first rule it breaks; nil for another kind.
  public let invoice: Result<Bolt12Invoice, Bolt12Error>?

  /// The human-readable prefix, lower case: `lno`, `lnr` or `lni`.
  public var hrp: String { kind.rawValue }

  /// The error of an offer that breaks a rule; nil otherwise.
  public var offerError: Bolt12Error? {
    if case .failure(let error)? = offer { return error }
    return nil
  }

  /// The rule the string breaks, whatever its kind; nil when it is valid.
  public var error: Bolt12Error? {
    switch (offer, invoiceRequest, invoice) {
    case (.failure(let error)?, _, _), (_, .failure(let error)?, _), (_, _, .failure(let error)?):
      error
    default: nil
    }
  }

  /// The warnings of the value the string holds, in order; empty when it breaks a rule.
  public var warnings: [Bolt12Warning] {
    switch (offer, invoiceRequest, invoice) {
    case (.success(let offer)?, _, _): offer.warnings
    case (_, .success(let request)?, _): request.warnings
    case (_, _, .success(let invoice)?): invoice.warnings
    default: []
    }
  }

  /// Reads a BOLT #12 string.
  ///
  /// A string whose form is sound but which breaks a reader rule is returned, with the rule in
  /// ``offer``, ``invoiceRequest`` or ``invoice`` (and in ``error``).
  ///
  /// - Parameters:
  ///   - text: the string, optionally with a `lightning:` prefix and white space around it.
  ///   - options: the clock (`bolt12.expired`: an offer or invoice request at or after
  ///     `offer_absolute_expiry`, an invoice at or after its expiry) and the network
  ///     (`bolt12.network_mismatch`: none of an offer's chains, or not the chain of a request's
  ///     or invoice's `invreq_chain`, is that network).
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
    let read = Self.readOptions(options)
    offer =
      form.kind == .offer
      ? Result { () throws(Bolt12Error) in try Offer.decode(string, options: read) } : nil
    invoiceRequest =
      form.kind == .invoiceRequest
      ? Result { () throws(Bolt12Error) in try InvoiceRequest.decode(string, options: read) } : nil
    invoice =
      form.kind == .invoice
      ? Result { () throws(Bolt12Error) in try Bolt12Invoice.decode(string, options: read) } : nil
  }

  /// The BOLT #12 readers' options from the invoice decoder's: the same clock and network.
  static func readOptions(_ options: DecodeOptions) -> ReadOptions {
    var read = ReadOptions(now: options.now)
    if let network = options.network {
      read = ReadOptions(now: options.now, network: network.rawValue) ?? read
    }
    return read
  }
}

extension Bolt12String {
  /// The same kind, bytes and reading.
  public static func == (lhs: Bolt12String, rhs: Bolt12String) -> Bool {
    lhs.kind == rhs.kind && lhs.bytes == rhs.bytes && lhs.offer == rhs.offer
      && lhs.invoiceRequest == rhs.invoiceRequest && lhs.invoice == rhs.invoice
  }

  /// Hashes the kind and the bytes (the reading follows from them and the options).
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
