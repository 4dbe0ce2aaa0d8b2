extension Bolt12Invoice {
  /// Checks that this invoice answers `request`, the request that was sent, and lists every
  /// mismatch (empty when it answers it).
  ///
  /// Each mismatch is a `bolt12.field_mismatch` whose `field` names what differs: a record of
  /// the request's ranges (types 0 to 159 and 1,000,000,000 to 2,999,999,999) missing, added or
  /// changed (its BOLT #12 name, or `type N` for an unknown one); `invoice_amount` not
  /// `invreq_amount`; `invoice_node_id` not `offer_issuer_id` or, for an offer with paths only,
  /// none of its paths' final blinded node ids. A request that answers no offer names no node:
  /// confirming `invoice_node_id` out of band is the caller's.
  ///
  /// - Complexity: O(n) in the records of both.
  public func check(against request: InvoiceRequest) -> [Bolt12Error] {
    var mismatches: [Bolt12Error] = []
    func mismatch(_ field: String, _ message: String) {
      mismatches.append(Bolt12Error(.fieldMismatch, message, field: field))
    }
    let sent = Self.requestRecords(request.bytes)
    let received = Self.requestRecords(bytes)
    // BOLT 12: "MUST reject the invoice if all fields in ranges 0 to 159 and 1000000000 to
    // 2999999999 (inclusive) do not exactly match the invoice request."
    for type in Set(sent.keys).union(received.keys).sorted() where sent[type] != received[type] {
      let name =
        OfferField(rawValue: type)?.name ?? InvoiceRequestField(rawValue: type)?.name
        ?? "type \(type)"
      let what =
        sent[type] == nil
        ? "the invoice adds \(name)"
        : received[type] == nil ? "the invoice leaves out \(name)" : "the invoice changes \(name)"
      mismatch(name, what)
    }
    if let requested = request.request.amount, requested != amountMsat {
      mismatch(
        InvoiceField.amount.name,
        "invoice_amount \(amountMsat) msat is not invreq_amount \(requested)")
    }
    if let issuerID = request.offer.issuerID {
      // BOLT 12: "MUST reject the invoice if `invoice_node_id` is not equal to `offer_issuer_id`"
      if issuerID != nodeID {
        mismatch(InvoiceField.nodeID.name, "invoice_node_id is not offer_issuer_id")
      }
    } else if let paths = request.offer.paths {
      // BOLT 12: "MUST reject the invoice if `invoice_node_id` is not equal to the final
      // `blinded_node_id` it sent the invoice request to."
      if !paths.contains(where: { $0.hops.last?.blindedNodeID == nodeID }) {
        mismatch(
          InvoiceField.nodeID.name,
          "invoice_node_id is none of the offer paths' final blinded node ids")
      }
    }
    return mismatches
  }

  /// The values of the records of a stream in an invoice request's ranges, by type.
  private static func requestRecords(_ bytes: [UInt8]) -> [UInt64: ArraySlice<UInt8>] {
    guard let stream = try? TLVStream(framing: bytes) else { return [:] }  // checked when read
    var values: [UInt64: ArraySlice<UInt8>] = [:]
    for record in stream.records
    where (0...159).contains(record.type)
      || (1_000_000_000...2_999_999_999).contains(record.type)
    {
      values[record.type] = stream.value(of: record)
    }
    return values
  }
}
