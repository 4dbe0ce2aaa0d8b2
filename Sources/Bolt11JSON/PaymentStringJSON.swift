import Bolt11
import Bolt12
import PaymentInput

/// The contract's JSON of a payment string, what `bolt11 inspect --json` prints: one object on
/// one line.
///
/// A string that was read:
/// `{"kind":K,"valid":true,<the kind's keys>,"warnings":[...]}`. The kinds' keys:
/// - `bolt11`: `invoice`, the decoded invoice's object (as `Invoice.json`).
/// - `bip321`: `address`, `address_type` and `network` (when there is an address), `amount_msat`,
///   `label`, `message` (each when given), `lightning` (each entry the decoded invoice's object or
///   `{"valid":false,"error":{...}}`), `lno` (each entry a `bolt12_offer` object without
///   `warnings`, its `valid` false and its `error` the rule when the offer breaks one, or
///   `{"valid":false,"error":{...}}`), `other` (`[{"key","value"}]`). When an entry
///   is bad, `valid` is `false` and `error` is the first bad entry's error.
/// - `bolt12_offer`, `bolt12_invoice_request`, `bolt12_invoice`: `hrp`, `data_length` (bytes),
///   and `bolt12`, the decoded object (as `Offer.json`, `InvoiceRequest.json`,
///   `Bolt12Invoice.json`), or `{type, valid: false, error, warnings}` when it breaks a rule
///   (then `valid` is `false` and `error` is the rule's error at the top level too).
/// - `lnurl`: `url`, and `lnurl_tag` when the scheme says it.
/// - `lightning_address`: `user`, `domain`, `url`, `bip353_dns_name` (the DNS name BIP-353 gives
///   the same `user@domain`).
/// - `node_uri`: `node_id`, `host`, `port`.
/// - `bitcoin_address`: `address`, `address_type`, `network`.
/// - `node_id`: `node_id`.
/// - `silent_payment_address`: `network`.
/// - `bip353_name`: `user`, `domain`, `dns_name`.
///
/// A string that was not: `{"kind":K,"valid":false,"error":{"code","message","position"},
/// "warnings":[]}`, `kind` left out when the string was empty or recognised as nothing,
/// `position` (a character offset in the string as given) when one applies, and `field` for an
/// invoice's field. An invoice's error carries the decoder's code (`bech32.checksum`, ...).
///
/// `warnings` is always present: the `bip321.*` warnings' codes, each once, in order.
public enum PaymentStringJSON {
  /// Appends the object of a string that was read (no newline).
  public static func write(_ string: PaymentString, to output: inout [UInt8]) {
    ByteWriter.collect(into: &output) { write(string, to: &$0) }
  }

  /// Appends the object of a string that was not (no newline).
  public static func write(_ error: PaymentStringError, to output: inout [UInt8]) {
    ByteWriter.collect(into: &output) { writeFailure(error, to: &$0) }
  }

  static func write(_ string: PaymentString, to output: inout ByteWriter) {
    output.append(#"{"kind":"#)
    InvoiceJSON.writeString(string.kind.rawValue, to: &output)
    var entryError: PaymentStringError?
    if case .bip321(let uri) = string { entryError = uri.entryError }
    if case .bolt12(let bolt12) = string, let error = bolt12.error {
      entryError = PaymentStringError(bolt12Error: error, kind: string.kind)
    }
    output.append(entryError == nil ? #","valid":true"# : #","valid":false"#)
    switch string {
    case .bolt11(let invoice):
      output.append(#","invoice":"#)
      InvoiceJSON.write(invoice, to: &output)
    case .bip321(let uri): writeURI(uri, to: &output)
    case .bolt12(let bolt12): writeBolt12(bolt12, to: &output)
    case .lnurl(let lnurl):
      member("url", lnurl.url, to: &output)
      if let tag = lnurl.tag { member("lnurl_tag", tag.rawValue, to: &output) }
    case .lightningAddress(let address):
      member("user", address.user, to: &output)
      member("domain", address.domain, to: &output)
      member("url", address.url, to: &output)
      member("bip353_dns_name", address.bip353DNSName, to: &output)
    case .nodeURI(let node):
      member("node_id", node.nodeID.description, to: &output)
      member("host", node.host, to: &output)
      output.append(#","port":"#)
      output.appendDecimal(UInt64(node.port))
    case .bitcoinAddress(let address): writeAddress(address, to: &output)
    case .nodeID(let key): member("node_id", key.description, to: &output)
    case .silentPaymentAddress(let address):
      member("network", address.network.rawValue, to: &output)
    case .bip353Name(let name):
      member("user", name.user, to: &output)
      member("domain", name.domain, to: &output)
      member("dns_name", name.dnsName, to: &output)
    }
    if let entryError {
      output.append(#","error":"#)
      ErrorJSON.writeObject(fault(entryError), to: &output)
    }
    output.append(#","warnings":"#)
    if case .bip321(let uri) = string {
      writeWarnings(uri, to: &output)
    } else {
      output.append("[]")
    }
    output.append(UInt8(ascii: "}"))
  }

  /// `["code",...]`: the URI's warnings' codes, each once, in order.
  private static func writeWarnings(_ uri: BitcoinURI, to output: inout ByteWriter) {
    output.append(UInt8(ascii: "["))
    var written: [BitcoinURI.Warning.Code] = []
    for warning in uri.warnings where !written.contains(warning.code) {
      if !written.isEmpty { output.append(UInt8(ascii: ",")) }
      InvoiceJSON.writeString(warning.code.rawValue, to: &output)
      written.append(warning.code)
    }
    output.append(UInt8(ascii: "]"))
  }

  /// Appends an invoice that came in a `bitcoin:` URI as `bolt11 decode --json` prints it (no
  /// newline): the invoice's object, then the member `uri` with the URI's `warnings` (its
  /// `bip321.*` codes, each once), `address`, `address_type`, `network`, `amount_msat`, `label`
  /// and `message` (each when given).
  public static func write(_ invoice: Invoice, from uri: BitcoinURI, to output: inout [UInt8]) {
    ByteWriter.collect(into: &output) { write(invoice, from: uri, to: &$0) }
  }

  package static func write(_ invoice: Invoice, from uri: BitcoinURI, to output: inout ByteWriter) {
    InvoiceJSON.write(invoice, to: &output)
    output.removeLast()
    output.append(#","uri":{"warnings":"#)
    writeWarnings(uri, to: &output)
    writeURIMembers(uri, to: &output)
    output.append("}}")
  }

  package static func writeFailure(_ error: PaymentStringError, to output: inout ByteWriter) {
    ErrorJSON.write(fault(error), kind: error.kind?.rawValue, withWarnings: true, to: &output)
  }

  /// The error as the envelope carries it: the decoder's code and field for an invoice, the
  /// BOLT #12 reader's whole error object for a BOLT #12 string.
  private static func fault(_ error: PaymentStringError) -> ErrorJSON.Fault {
    ErrorJSON.Fault(
      code: error.dottedCode, message: error.message, position: error.position,
      field: error.invoiceError?.field, object: error.bolt12Error?.json)
  }

  /// `,"address",...,"message"`: the URI's own members, each when given.
  private static func writeURIMembers(_ uri: BitcoinURI, to output: inout ByteWriter) {
    if let address = uri.address { writeAddress(address, to: &output) }
    if let amount = uri.amount {
      output.append(#","amount_msat":"#)
      output.appendDecimal(amount.rawValue)
    }
    if let label = uri.label { member("label", label, to: &output) }
    if let message = uri.message { member("message", message, to: &output) }
  }

  private static func writeURI(_ uri: BitcoinURI, to output: inout ByteWriter) {
    writeURIMembers(uri, to: &output)
    output.append(#","lightning":["#)
    for (index, entry) in uri.lightning.enumerated() {
      if index > 0 { output.append(UInt8(ascii: ",")) }
      switch entry.result {
      case .success(let invoice): InvoiceJSON.write(invoice, to: &output)
      case .failure(let error): writeEntryFailure(error, to: &output)
      }
    }
    output.append(#"],"lno":["#)
    for (index, entry) in uri.offers.enumerated() {
      if index > 0 { output.append(UInt8(ascii: ",")) }
      switch entry.result {
      case .success(let offer):
        output.append(#"{"kind":"bolt12_offer","valid":"#)
        if offer.offerError == nil { output.append("true") } else { output.append("false") }
        writeBolt12(offer, to: &output)
        if let error = offer.offerError {
          output.append(#","error":"#)
          raw(error.json, to: &output)
        }
        output.append(UInt8(ascii: "}"))
      case .failure(let error): writeEntryFailure(error, to: &output)
      }
    }
    output.append(#"],"other":["#)
    for (index, parameter) in uri.otherParameters.enumerated() {
      output.append(index > 0 ? #",{"key":"# : #"{"key":"#)
      InvoiceJSON.writeString(parameter.key, to: &output)
      member("value", parameter.value, to: &output)
      output.append(UInt8(ascii: "}"))
    }
    output.append(UInt8(ascii: "]"))
  }

  /// `{"valid":false,"error":{...}}`: an entry of a URI that is not what its key says.
  private static func writeEntryFailure(_ error: PaymentStringError, to output: inout ByteWriter) {
    ErrorJSON.write(fault(error), withWarnings: false, to: &output)
  }

  private static func writeBolt12(_ string: Bolt12String, to output: inout ByteWriter) {
    member("hrp", string.hrp, to: &output)
    output.append(#","data_length":"#)
    output.appendDecimal(UInt64(string.bytes.count))
    output.append(#","bolt12":"#)
    if let error = string.error {
      raw(error.json(reading: string.kind), to: &output)
    } else if case .success(let offer)? = string.offer {
      raw(offer.json, to: &output)
    } else if case .success(let request)? = string.invoiceRequest {
      raw(request.json, to: &output)
    } else if case .success(let invoice)? = string.invoice {
      raw(invoice.json, to: &output)
    }
  }

  private static func writeAddress(_ address: BitcoinAddress, to output: inout ByteWriter) {
    member("address", address.text, to: &output)
    member("address_type", address.type.rawValue, to: &output)
    member("network", address.network.rawValue, to: &output)
  }

  /// JSON text written elsewhere, as it is.
  private static func raw(_ text: String, to output: inout ByteWriter) {
    var text = text
    text.withUTF8 { output.append(contentsOf: $0) }
  }

  /// `,"name":"value"`.
  private static func member(_ name: StaticString, _ value: String, to output: inout ByteWriter) {
    output.append(UInt8(ascii: ","))
    output.append(UInt8(ascii: "\""))
    output.append(name)
    output.append(#"":"#)
    InvoiceJSON.writeString(value, to: &output)
  }
}

extension PaymentString {
  /// The contract's JSON object of this string, on one line without a newline: what
  /// `bolt11 inspect --json` prints for it (see ``PaymentStringJSON``).
  public var json: String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(1024)
    PaymentStringJSON.write(self, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension PaymentStringError {
  /// The contract's JSON object of this failure, on one line without a newline:
  /// `{"kind":...,"valid":false,"error":{...},"warnings":[]}` (see ``PaymentStringJSON``).
  public var json: String {
    var bytes: [UInt8] = []
    PaymentStringJSON.write(self, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }
}
