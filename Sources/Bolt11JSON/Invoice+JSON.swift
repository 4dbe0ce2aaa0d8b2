import Bolt11

extension Invoice {
  /// The contract's JSON object for this invoice, on one line without a newline: what
  /// `bolt11 decode --json` prints for it, byte for byte.
  ///
  /// `import Bolt11JSON` brings it (an extension of `Bolt11`'s `Invoice`): without that import,
  /// `invoice.json` reads as the dynamic member lookup of the invoice's fields and fails there.
  ///
  /// Keys follow Core Lightning's `decode` (`amount_msat`, `payee`, `payment_hash`, ...), in a
  /// fixed order; a description's text is escaped so that the line is safe to print.
  public var json: String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(1024)
    InvoiceJSON.write(self, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension InvoiceError {
  /// `{"valid":false,"error":{"code":...,"message":...}}` with `position` and `field` where
  /// they apply, on one line without a newline: what `bolt11 decode --json` prints for it.
  public var json: String {
    var bytes: [UInt8] = []
    InvoiceJSON.write(self, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension JSON {
  /// The invoice's contract JSON as a value, to read or merge into a larger object: `invoice.json`
  /// parsed.
  public init(_ invoice: Invoice) {
    do {
      self = try JSON.parse(invoice.json)
    } catch {
      preconditionFailure("the invoice writer wrote JSON that does not parse: \(error)")
    }
  }
}
