import Foundation

/// BOLT #12 vector files for tests that take a string and its expected values from them: ours
/// (`Vectors/bolt12-requests.json`, `Vectors/bolt12-invoices.json`, their vectors under
/// `"vectors"`) and BOLT #12's own (`Vectors/spec/bolt12/`, top-level arrays, as published).
package enum Bolt12VectorFiles {
  package struct Missing: Error, CustomStringConvertible {
    package let description: String
  }

  /// The files of our own vectors of invoice requests and invoices.
  package static let ownFiles = ["bolt12-requests.json", "bolt12-invoices.json"]

  /// The entries of the vector file at `path` under `Vectors/`: its `"vectors"`, or the array
  /// a published file is.
  package static func entries(_ path: String) throws -> [[String: Any]] {
    let url = try PackageFolder.vectors().appendingPathComponent(path)
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
    guard
      let entries = object as? [[String: Any]] ?? (object as? [String: Any])?["vectors"]
        as? [[String: Any]]
    else { throw Missing(description: "no vectors in \(path)") }
    return entries
  }

  /// The entries of BOLT #12's published file `name` (`offers-test.json`,
  /// `format-string-test.json`, `signature-test.json`).
  package static func published(_ name: String) throws -> [[String: Any]] {
    try entries("spec/bolt12/" + name)
  }

  /// The vector named `name`: one of our requests or invoices by its `"name"`, or else an offer
  /// of BOLT #12's `offers-test.json` by its `"description"`.
  package static func vector(_ name: String) throws -> [String: Any] {
    let own = try ownFiles.flatMap(entries)
    if let vector = own.first(where: { $0["name"] as? String == name }) { return vector }
    let offers = try published("offers-test.json")
    if let vector = offers.first(where: { $0["description"] as? String == name }) {
      return vector
    }
    throw Missing(description: "no BOLT #12 vector \"\(name)\"")
  }

  /// The string of the vector named `name` (`"string"` in ours, `"bolt12"` in the spec's).
  package static func string(_ name: String) throws -> String {
    let vector = try vector(name)
    guard let string = vector["string"] as? String ?? vector["bolt12"] as? String else {
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

  /// The hex of field `type` as the spec's offer `name` lists it.
  package static func field(_ name: String, _ type: Int) throws -> String {
    let fields = try vector(name)["fields"] as? [[String: Any]]
    guard let hex = fields?.first(where: { $0["type"] as? Int == type })?["hex"] as? String else {
      throw Missing(description: "no field \(type) in \"\(name)\"")
    }
    return hex
  }

  /// The entry of BOLT #12's `signature-test.json` that holds a signed string (an invoice
  /// request): `"bolt12"`, `"merkle"`, `"signature"` and the rest as published.
  package static func specRequestEntry() throws -> [String: Any] {
    guard let entry = try published("signature-test.json").first(where: { $0["bolt12"] != nil })
    else { throw Missing(description: "no signed string in signature-test.json") }
    return entry
  }

  /// The signed invoice request of BOLT #12's `signature-test.json`: its string and its
  /// published Merkle root.
  package static func specRequest() throws -> (string: String, merkleRoot: String) {
    let entry = try specRequestEntry()
    guard let string = entry["bolt12"] as? String, let root = entry["merkle"] as? String else {
      throw Missing(description: "no string or merkle root in signature-test.json's signed entry")
    }
    return (string, root)
  }
}
