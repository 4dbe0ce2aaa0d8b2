import Bech32Codec
public import Bolt11

extension PaymentString {
  /// The BOLT #11 invoice a pasted or scanned string pays, for a caller that needs one (a
  /// payer's "pay" field, a command that reads an invoice): the string itself when it is an
  /// invoice, or the one `lightning=` invoice of a `bitcoin:` URI, returned with its URI.
  ///
  /// Every other kind is refused as what it is (`input.bolt12_offer`, `input.lnurl`, ...), never
  /// with a Bech32 error about a string that was never meant to be an invoice; a broken string
  /// of another kind (an address whose checksum fails, a broken LNURL) is refused with the code
  /// ``PaymentString/init(parsing:options:)`` gives it (`address.invalid`, `lnurl.malformed`, ...),
  /// and a BOLT #12 string, valid or not, with its `input.bolt12_*` code. A string that starts with `ln` and is neither a BOLT #12 string nor an LNURL is
  /// decoded as an invoice and keeps the decoder's own error.
  ///
  /// The options apply to the invoice wherever it comes from: with `now`, an expired invoice is
  /// `invoice.expired` inside a URI too (``BitcoinURI`` alone only warns, since its address
  /// remains).
  ///
  /// - Parameters:
  ///   - bytes: the string as UTF-8; a byte that is not UTF-8 in an invoice is named by the
  ///     decoder.
  ///   - options: how to decode the invoice, and what to expect of it.
  /// - Returns: the invoice, and the URI it came in (nil for a bare invoice).
  /// - Throws: `PaymentStringError`: for an invoice, the decoder's error
  ///   (``PaymentStringError/invoiceError``); for a URI, its `bip321.*` code,
  ///   `input.bip321_without_invoice`, `input.ambiguous` or its invoice's error; otherwise
  ///   `input.empty`, `input.unrecognized` (its message names a stray character before a
  ///   string it would otherwise be), the kind's `input.*` code, or for a broken string of
  ///   another kind its own code (`address.invalid`, `lnurl.malformed`,
  ///   `lightning_address.malformed`, `node_uri.malformed`). Positions are character offsets
  ///   in `bytes` (Unicode scalars; a byte that is not UTF-8 counts as one).
  /// - Complexity: for an invoice, a look at its first bytes, then one decode.
  public static func invoice(inUTF8 bytes: UnsafeBufferPointer<UInt8>, options: DecodeOptions)
    throws(PaymentStringError) -> (invoice: Invoice, uri: BitcoinURI?)
  {
    let recognition = Recognition(bytes)
    switch recognition.kind {
    case .bolt11?:
      let body = UnsafeBufferPointer(rebasing: bytes[recognition.body])
      do throws(InvoiceError) {
        return (try Invoice.decode(bytes: body, options: options), nil)
      } catch {
        // Positions in the body are character offsets, and the body is ASCII up to the fault.
        let start = InputText.scalarOffset(ofByte: recognition.body.lowerBound, in: bytes)
        var moved = error
        moved.position = error.position.map { $0 + start }
        throw PaymentStringError(invoiceError: moved)
      }
    case .bip321?:
      let uri: BitcoinURI
      do {
        uri = try BitcoinURI(parsingUTF8: Array(bytes)[recognition.body], options: options)
          .inCharacters(of: bytes)
      } catch {
        throw error.recognised(as: .bip321).inCharacters(of: bytes)
      }
      let invoice = try PaymentString.bip321(uri).requiredInvoice()
      // The URI decoded its invoices without the clock; a caller that needs the invoice has the
      // decoder's rule.
      if let now = options.now, invoice.isExpired(at: now) {
        var error = PaymentStringError(
          invoiceError: InvoiceError(
            .invoiceExpired, "invoice expired at \(invoice.expiresAt); now is \(now)"))
        error.kind = .bip321
        throw error
      }
      return (invoice, uri)
    default:
      throw recognition.invoiceRefusal(Array(bytes)[...], options: options).inCharacters(
        of: bytes)
    }
  }

  /// ``invoice(inUTF8:options:)`` on a `String`.
  ///
  /// - Parameters:
  ///   - text: the string as given.
  ///   - options: how to decode the invoice, and what to expect of it.
  /// - Returns: the invoice, and the URI it came in (nil for a bare invoice).
  /// - Throws: `PaymentStringError`, as ``invoice(inUTF8:options:)``.
  public static func invoice(in text: String, options: DecodeOptions = DecodeOptions())
    throws(PaymentStringError) -> (invoice: Invoice, uri: BitcoinURI?)
  {
    var text = text
    let result = text.withUTF8 { bytes in
      Result { () throws(PaymentStringError) in try invoice(inUTF8: bytes, options: options) }
    }
    return try result.get()
  }
}
