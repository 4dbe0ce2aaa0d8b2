/// A TLV stream as BOLT #1 frames it: records with strictly increasing types, each type and
/// length a minimally encoded `bigsize`, each value inside the data.
public struct TLVStream: Sendable, Hashable {
  /// The bytes of the stream.
  public let bytes: [UInt8]
  /// The records, in stream order.
  public let records: [TLVRecord]

  /// Frames `bytes` into records, judging the whole stream before any value is read.
  ///
  /// When several faults are present the first in this order wins: a type, length or value that
  /// runs past the end; a type or length not minimally encoded; types not strictly increasing.
  ///
  /// - Throws: `Bolt12Error` with `bolt12.truncated`, `bolt12.non_minimal` or
  ///   `bolt12.tlv_order`, with the record's offset and, when it was read, its type (for an
  ///   order fault, the later record).
  /// - Complexity: O(n); one allocation for the records.
  public init(framing bytes: [UInt8]) throws(Bolt12Error) {
    self.bytes = bytes
    let framed = bytes.withUnsafeBufferPointer { Self.frame($0) }
    switch framed {
    case .success(let records): self.records = records
    case .failure(let error): throw error
    }
  }

  /// The value bytes of `record`.
  public func value(of record: TLVRecord) -> ArraySlice<UInt8> { bytes[record.valueRange] }

  private static func frame(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<
    [TLVRecord], Bolt12Error
  > {
    var records: [TLVRecord] = []
    records.reserveCapacity(bytes.count / 4 + 1)
    var firstNonMinimal: Bolt12Error?
    var firstOutOfOrder: Bolt12Error?
    var offset = 0
    // BOLT 1: "if zero bytes remain before parsing a `type`: MUST stop parsing the `tlv_stream`."
    while offset < bytes.count {
      let start = offset
      guard
        case .value(let type, let afterType, let typeIsMinimal) = BigSize.read(bytes, at: offset)
      else {
        return .failure(
          Bolt12Error(.truncated, "the record's type runs past the end", tlvOffset: start))
      }
      guard
        case .value(let length, let afterLength, let lengthIsMinimal) = BigSize.read(
          bytes, at: afterType)
      else {
        return .failure(
          Bolt12Error(
            .truncated, "the record's length runs past the end", tlvOffset: start, type: type))
      }
      // BOLT 1: "if `length` exceeds the number of bytes remaining in the message: MUST fail to
      // parse the `tlv_stream`."
      guard length <= UInt64(bytes.count - afterLength) else {
        return .failure(
          Bolt12Error(
            .truncated,
            "the value of \(length) bytes runs past the end (\(bytes.count - afterLength) left)",
            tlvOffset: start, type: type))
      }
      // BOLT 1: "if a `type` or `length` is not minimally encoded: MUST fail to parse the
      // `tlv_stream`."
      if firstNonMinimal == nil && !(typeIsMinimal && lengthIsMinimal) {
        firstNonMinimal = Bolt12Error(
          .nonMinimal, "the record's \(typeIsMinimal ? "length" : "type") is not minimally encoded",
          tlvOffset: start, type: type)
      }
      // BOLT 1: "if decoded `type`s are not strictly-increasing (including situations when two or
      // more occurrences of the same `type` are met): MUST fail to parse the `tlv_stream`."
      if firstOutOfOrder == nil, let previous = records.last, type <= previous.type {
        firstOutOfOrder = Bolt12Error(
          .tlvOrder,
          type == previous.type
            ? "type \(type) appears twice" : "type \(type) follows type \(previous.type)",
          tlvOffset: start, type: type)
      }
      let end = afterLength + Int(length)
      records.append(TLVRecord(type: type, offset: start, valueRange: afterLength..<end))
      offset = end
    }
    if let error = firstNonMinimal ?? firstOutOfOrder { return .failure(error) }
    return .success(records)
  }

  /// Writes records of the given types and values as a stream, types and lengths in their
  /// shortest form; the caller gives them in increasing type order.
  static func write(_ records: [(type: UInt64, value: [UInt8])]) -> [UInt8] {
    var output: [UInt8] = []
    for record in records {
      BigSize.write(record.type, to: &output)
      BigSize.write(UInt64(record.value.count), to: &output)
      output.append(contentsOf: record.value)
    }
    return output
  }
}
