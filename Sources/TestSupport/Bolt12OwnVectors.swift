import Foundation

/// Our own BOLT #12 vectors (`Vectors/bolt12-requests.json`, `Vectors/bolt12-invoices.json`)
/// and the signed request of BOLT #12's `signature-test.json`, looked up by name, for tests that
/// take a string and its expected values from the vector files.
package enum Bolt12OwnVectors {
  package struct Missing: Error, CustomStringConvertible {
    package let description: String
  }

  /// The files of our own vectors of invoice requests and invoices.
  package static let files = ["bolt12-requests.json", "bolt12-invoices.json"]

  /// Every vector of our own request and invoice files, in file order.
  package static func all() throws -> [[String: Any]] {
    try files.flatMap { file -> [[String: Any]] in
      let url = try PackageFolder.vectors().appendingPathComponent(file)
      let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
      return (object as? [String: Any])?["vectors"] as? [[String: Any]] ?? []
    }
  }

  /// The vector named `name`.
  package static func vector(_ name: String) throws -> [String: Any] {
    guard let vector = try all().first(where: { $0["name"] as? String == name }) else {
      throw Missing(description: "no BOLT #12 vector \"\(name)\"")
    }
    return vector
  }

  /// The string of the vector named `name`.
  package static func string(_ name: String) throws -> String {
    guard let string = try vector(name)["string"] as? String else {
      throw Missing(description: "no string in \"\(name)\"")
    }
    return string
  }

  /// The `now` option of the vector named `name`.
  package static func now(_ name: String) throws -> UInt64 {
    let options = try vector(name)["options"] as? [String: Any]
    guard let now = (options?["now"] as? NSNumber)?.uint64Value else {
      throw Missing(description: "no options.now in \"\(name)\"")
    }
    return now
  }

  /// The signed invoice request of `Vectors/spec/bolt12/signature-test.json`: its string and its
  /// published Merkle root.
  package static func specRequest() throws -> (string: String, merkleRoot: String) {
    let url = try PackageFolder.vectors().appendingPathComponent(
      "spec/bolt12/signature-test.json")
    let list = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [[String: Any]]
    guard let entry = list?.first(where: { $0["bolt12"] != nil }),
      let string = entry["bolt12"] as? String, let root = entry["merkle"] as? String
    else { throw Missing(description: "no signed string in signature-test.json") }
    return (string, root)
  }
}

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
