import Chains
import Secp256k1

/// The reader shared by invoice requests and invoices: every record read (pass 2) and the
/// stream judged as a whole (pass 3), in the contract's order; ``InvoiceRequest`` and
/// ``Bolt12Invoice`` take what it read.
struct Bolt12Reading {
  /// Which message is read: an invoice request or an invoice.
  let message: Bolt12Signature.Message
  var offer = OfferFields()
  var request = InvoiceRequestFields()
  var hasMetadata = false
  var invoicePaths: [BlindedPath]?
  var payinfo: [Payinfo]?
  var createdAt: UInt64?
  var relativeExpiry: UInt32?
  var paymentHash: [UInt8]?
  var invoiceAmount: UInt64?
  var fallbacks: [Bolt12Fallback]?
  var invoiceFeatures: [UInt8]?
  var nodeID: PublicKey?
  var signature: SchnorrSignature?
  var unknownRecords: [UnknownRecord] = []
  var merkleRoot: MerkleRoot!
  var offerID: OfferID?
  var bytes: [UInt8] = []
  var warnings: [Bolt12Warning] = []

  /// The invoice feature bits BOLT #12 assigns: 16 and 17 (multi-part payment).
  static let knownInvoiceEvenBits: Set<Int> = [16]

  /// Reads and checks a framed stream as `message`.
  init(_ stream: TLVStream, as message: Bolt12Signature.Message, options: ReadOptions)
    throws(Bolt12Error)
  {
    self.message = message
    bytes = stream.bytes
    // Pass 2: each record alone, in stream order.
    for record in stream.records { try read(record, stream.value(of: record)) }
    try checkWhole(stream, options: options)
  }

  /// Reads a string of `message`'s kind: its string form, its framing, then its records.
  init(reading text: String, as message: Bolt12Signature.Message, options: ReadOptions)
    throws(Bolt12Error)
  {
    let form = try StringForm(parsing: text)
    let expected = message.kind
    guard form.kind == expected else {
      let names: [StringForm.Kind: String] = [
        .offer: "an offer", .invoiceRequest: "an invoice request", .invoice: "an invoice",
      ]
      throw Bolt12Error(
        .malformed, "\(names[form.kind]!), not \(names[expected]!)", position: 0)
    }
    try self.init(TLVStream(framing: form.bytes), as: message, options: options)
  }

  var kindName: String { message == .invoice ? "an invoice" : "an invoice request" }

  private mutating func read(_ record: TLVRecord, _ value: ArraySlice<UInt8>) throws(Bolt12Error) {
    guard message.kind.allowsRecord(ofType: record.type) else {
      throw Bolt12Error(
        .tlvOutOfRange, "type \(record.type) is outside \(kindName)'s ranges",
        tlvOffset: record.offset, type: record.type)
    }
    let fieldName =
      OfferField(rawValue: record.type)?.name ?? InvoiceRequestField(rawValue: record.type)?.name
      ?? (message == .invoice ? InvoiceField(rawValue: record.type)?.name : nil)
      ?? (record.type == Bolt12Signature.recordType ? "signature" : nil)
    guard let fieldName else {
      // BOLT 1: "otherwise, if `type` is unknown: if `type` is even: MUST fail to parse the
      // `tlv_stream`."
      guard record.type % 2 == 1 else {
        throw Bolt12Error(
          .unknownEven, "type \(record.type) is even and unknown", tlvOffset: record.offset,
          type: record.type)
      }
      unknownRecords.append(UnknownRecord(type: record.type, value: Array(value)))
      return
    }
    do throws(FieldFault) {
      if let field = OfferField(rawValue: record.type) {
        try offer.read(field, value)
      } else if let field = InvoiceRequestField(rawValue: record.type) {
        try readRequest(field, value)
      } else if let field = InvoiceField(rawValue: record.type) {
        try readInvoice(field, value)
      } else {
        guard let parsed = SchnorrSignature(bytes: value) else {
          throw FieldFault(message: "\(value.count) bytes, not a 64-byte signature")
        }
        signature = parsed
      }
    } catch {
      throw Bolt12Error(
        error.code, "\(fieldName): \(error.message)", tlvOffset: record.offset, type: record.type,
        field: fieldName)
    }
  }

  private mutating func readRequest(_ field: InvoiceRequestField, _ value: ArraySlice<UInt8>)
    throws(FieldFault)
  {
    switch field {
    case .metadata:
      request.metadata = Array(value)
      hasMetadata = true
    case .chain:
      guard let chain = ChainHash(bytes: value) else {
        throw FieldFault(message: "\(value.count) bytes, not a 32-byte chain hash")
      }
      request.chain = chain
    case .amount: request.amount = try FieldValue.msat(value)
    case .features: request.features = Array(value)
    case .quantity: request.quantity = try FieldValue.tu64(value)
    case .payerID: request.payerID = try FieldValue.point(value)
    case .payerNote: request.payerNote = try FieldValue.text(value)
    case .paths: request.paths = try FieldValue.paths(value)
    case .bip353Name:
      var reader = ByteReader(value)
      guard let nameLength = reader.byte(), let name = reader.take(Int(nameLength)),
        let domainLength = reader.byte(), let domain = reader.take(Int(domainLength))
      else { throw FieldFault(message: "the name or domain runs past the record") }
      guard reader.isAtEnd else { throw FieldFault(message: "bytes left after the domain") }
      guard BIP353Name.isAllowed(name), BIP353Name.isAllowed(domain) else {
        throw FieldFault(message: "a character outside 0-9a-zA-Z-_.")
      }
      request.bip353Name = BIP353Name(
        name: String(decoding: name, as: UTF8.self), domain: String(decoding: domain, as: UTF8.self)
      )
    }
  }

  private mutating func readInvoice(_ field: InvoiceField, _ value: ArraySlice<UInt8>)
    throws(FieldFault)
  {
    switch field {
    case .paths: invoicePaths = try FieldValue.paths(value)
    case .blindedPay:
      var reader = ByteReader(value)
      var list: [Payinfo] = []
      while !reader.isAtEnd {
        guard let base = reader.take(4), let proportional = reader.take(4),
          let cltv = reader.uint16(), let minimum = reader.uint64(), let maximum = reader.uint64(),
          let featureLength = reader.uint16(), let features = reader.take(Int(featureLength))
        else { throw FieldFault(message: "a blinded_payinfo runs past the record") }
        list.append(
          Payinfo(
            feeBaseMsat: base.reduce(0) { $0 << 8 | UInt32($1) },
            feeProportionalMillionths: proportional.reduce(0) { $0 << 8 | UInt32($1) },
            cltvExpiryDelta: cltv, htlcMinimumMsat: minimum, htlcMaximumMsat: maximum,
            features: Array(features)))
      }
      payinfo = list
    case .createdAt: createdAt = try FieldValue.tu64(value)
    case .relativeExpiry: relativeExpiry = try FieldValue.tu32(value)
    case .paymentHash:
      guard value.count == 32 else {
        throw FieldFault(message: "\(value.count) bytes, not a 32-byte hash")
      }
      paymentHash = Array(value)
    case .amount: invoiceAmount = try FieldValue.msat(value)
    case .fallbacks:
      var reader = ByteReader(value)
      var list: [Bolt12Fallback] = []
      while !reader.isAtEnd {
        guard let version = reader.byte(), let length = reader.uint16(),
          let program = reader.take(Int(length))
        else { throw FieldFault(message: "a fallback_address runs past the record") }
        list.append(Bolt12Fallback(version: version, program: Array(program)))
      }
      fallbacks = list
    case .features: invoiceFeatures = Array(value)
    case .nodeID:
      // An invoice's node id must equal its offer_issuer_id when there is one (pass 3 checks),
      // and that one was checked on the curve when read: the same bytes need no second parse.
      if let issuerID = offer.issuerID, let key = PublicKey(bytes: value), key == issuerID {
        nodeID = key
      } else {
        nodeID = try FieldValue.point(value)
      }
    }
  }
}

extension Bolt12Signature.Message {
  /// The kind of string that carries this message.
  var kind: StringForm.Kind { self == .invoice ? .invoice : .invoiceRequest }
}
