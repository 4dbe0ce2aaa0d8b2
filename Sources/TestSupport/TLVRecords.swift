/// A TLV stream cut into `(type, value)` records by BOLT #1's `bigsize` framing, written here
/// apart from the library so that tests can take expected field values from a string's bytes.
package enum TLVRecords {
  /// The records of `bytes`, in order, each with the offset of its first byte; nil when the
  /// stream does not frame.
  package static func records(_ bytes: [UInt8]) -> [(type: UInt64, value: [UInt8], offset: Int)]? {
    var index = 0
    func bigsize() -> UInt64? {
      guard index < bytes.count else { return nil }
      let first = bytes[index]
      index += 1
      let width = first == 0xff ? 8 : first == 0xfe ? 4 : first == 0xfd ? 2 : 0
      guard width > 0 else { return UInt64(first) }
      guard index + width <= bytes.count else { return nil }
      defer { index += width }
      return bytes[index..<index + width].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }
    var records: [(type: UInt64, value: [UInt8], offset: Int)] = []
    while index < bytes.count {
      let offset = index
      guard let type = bigsize(), let length = bigsize(), length <= bytes.count - index else {
        return nil
      }
      records.append((type, Array(bytes[index..<index + Int(length)]), offset))
      index += Int(length)
    }
    return records
  }

  /// The value of the record of `type` in `bytes`, if there is one.
  package static func value(_ type: UInt64, in bytes: [UInt8]) -> [UInt8]? {
    records(bytes)?.first { $0.type == type }?.value
  }

  /// The value of the record of `type` read as a big-endian integer (a `tu64`).
  package static func integer(_ type: UInt64, in bytes: [UInt8]) -> UInt64? {
    value(type, in: bytes).map { $0.reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }
  }
}
