extension StringForm.Kind {
  /// The record types a string of this kind may carry, lowest first, each range inclusive.
  ///
  /// An offer: 1 to 79, and 1,000,000,000 to 1,999,999,999 for experiments. An invoice request:
  /// 0 to 159 (the offer's fields it copies and its own), the signature types 240 to 1000, and
  /// 1,000,000,000 to 2,999,999,999. An invoice: 0 to 239 (the request's fields it copies and its
  /// own), the signature types, and 1,000,000,000 to 3,999,999,999. The readers refuse a record of
  /// any other type with `bolt12.tlv_out_of_range`.
  public var recordTypeRanges: [ClosedRange<UInt64>] {
    switch self {
    // BOLT 12: "if the offer contains any TLV fields outside the inclusive ranges: 1 to 79 and
    // 1000000000 to 1999999999: MUST NOT respond to the offer."
    case .offer: [1...79, 1_000_000_000...1_999_999_999]
    // BOLT 12: "MUST reject the invoice request if any non-signature TLV fields are outside the
    // inclusive ranges: 0 to 159 and 1000000000 to 2999999999"
    case .invoiceRequest: [0...159, MerkleRoot.signatureTypes, 1_000_000_000...2_999_999_999]
    // An invoice's own fields follow the request's (160 to 239), and its experimental types the
    // request's, as rust-lightning reads them.
    case .invoice: [0...239, MerkleRoot.signatureTypes, 1_000_000_000...3_999_999_999]
    }
  }

  /// Whether a string of this kind may carry a record of `type`: whether one of
  /// ``recordTypeRanges`` holds it.
  ///
  /// A type in range may still be refused: an unknown even type is, by every reader.
  public func allowsRecord(ofType type: UInt64) -> Bool {
    recordTypeRanges.contains { $0.contains(type) }
  }
}
