import Bolt11
import Bolt11JSON
import PaymentInput

/// What the commands that need an invoice (`decode`, its batch, `explain`, `validate`, `check`)
/// make of what they are given: the invoice itself, or the `lightning=` invoice of a `bitcoin:`
/// URI; any other payment string is refused as what it is (`input.*`).
extension Bolt11Tool {
  /// The invoice in `input`, and the URI it came in.
  ///
  /// - Throws: `PaymentStringError` (see `PaymentString.invoice(inUTF8:options:)`).
  static func decodeInvoice(_ input: [UInt8], options: DecodeOptions) throws(PaymentStringError)
    -> (invoice: Invoice, uri: BitcoinURI?)
  {
    let result = input.withUnsafeBufferPointer { bytes in
      Result { () throws(PaymentStringError) in
        try PaymentString.invoice(inUTF8: bytes, options: options)
      }
    }
    do { return try result.get() } catch {
      var refusal = error
      // A BOLT #12 string is judged by `inspect`: say so where an invoice was needed.
      if [.inputBolt12Offer, .inputBolt12InvoiceRequest, .inputBolt12Invoice].contains(error.code) {
        refusal.message += "; bolt11 inspect decodes it"
      }
      throw refusal
    }
  }

  /// Writes the error line of `error`, and with `json` its object: an invoice's error as
  /// `decode` prints it, any other with the kind the string was recognised as.
  static func reportError(_ error: PaymentStringError, json: Bool, _ environment: ToolEnvironment)
    throws
  {
    try environment.stderr.write(errorLine(error))
    if json { try environment.stdout.write((error.invoiceError?.json ?? error.json) + "\n") }
  }

  /// `error: <code>: <message> (at character N)`: the decoder's code for an invoice.
  static func errorLine(_ error: PaymentStringError) -> String {
    errorLine(code: error.dottedCode, message: error.message, position: error.position)
  }

  /// The JSON line of an invoice: with the member `uri` when it came in a `bitcoin:` URI.
  static func json(_ invoice: Invoice, from uri: BitcoinURI?) -> String {
    guard let uri else { return invoice.json }
    var bytes: [UInt8] = []
    PaymentStringJSON.write(invoice, from: uri, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}
