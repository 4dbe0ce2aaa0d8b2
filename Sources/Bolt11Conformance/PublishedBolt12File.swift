import Bolt11JSON

/// BOLT #12's own vector files, read in the shapes they are published in: a top-level array whose
/// entries become vectors of this package.
///
/// - `offers-test.json`: `{"description", "valid", "bolt12", "field info"?, "fields"?}`, each a
///   `bolt12` vector whose `records` are its `fields` (`{"type", "length", "hex"}`): a valid
///   offer passes when it decodes and every listed record has that type, length and value.
/// - `format-string-test.json`: `{"comment", "valid", "string"}`, each a `bolt12` vector.
/// - `signature-test.json`: `{"comment", "leaves", "merkle", ...}`, each a `bolt12_signature`
///   vector holding the entry as published: the root of the records its leaves name, and for a
///   signed string its root, tagged hash and signature.
///
/// A vector's name is its description or comment, followed by ` (#N)`, its place in the file
/// counted from 1, when another entry has the same one.
enum PublishedBolt12File {
  /// One of the published shapes: what names an entry, and the keys and kinds it needs.
  struct Shape: Sendable {
    let label: String
    let kind: String
    let nameKey: String
    let stringKeys: [String]
    let boolKeys: [String]
    let arrayKeys: [String]
    /// The vector's object for a published entry and its name.
    let vectorObject: @Sendable (JSON, String) -> JSON

    func fits(_ entry: JSON) -> Bool {
      ([nameKey] + stringKeys).allSatisfy { entry[$0]?.stringValue != nil }
        && boolKeys.allSatisfy { entry[$0]?.boolValue != nil }
        && arrayKeys.allSatisfy { entry[$0]?.arrayValue != nil }
    }
  }

  static let offers = Shape(
    label: "offers-test.json", kind: "bolt12", nameKey: "description", stringKeys: ["bolt12"],
    boolKeys: ["valid"], arrayKeys: []
  ) { entry, name in
    var members: [(String, JSON)] = [
      ("name", .string(name)), ("kind", .string("bolt12")), ("string", entry["bolt12"]!),
      ("valid", entry["valid"]!),
    ]
    if let fields = entry["fields"] { members.append(("records", fields)) }
    return .object(members)
  }

  static let stringForms = Shape(
    label: "format-string-test.json", kind: "bolt12", nameKey: "comment", stringKeys: ["string"],
    boolKeys: ["valid"], arrayKeys: []
  ) { entry, name in
    .object([
      ("name", .string(name)), ("kind", .string("bolt12")), ("string", entry["string"]!),
      ("valid", entry["valid"]!),
    ])
  }

  static let signatures = Shape(
    label: "signature-test.json", kind: "bolt12_signature", nameKey: "comment",
    stringKeys: ["merkle"], boolKeys: [], arrayKeys: ["leaves"]
  ) { entry, _ in entry }

  static let shapes = [offers, stringForms, signatures]

  /// The vectors of a published file's entries.
  ///
  /// - Throws: `LoadError` when the array is empty, or its entries are not all of one of the
  ///   published shapes: a file of another shape never loads as a file without vectors.
  static func vectors(_ entries: [JSON], path: String, file: String)
    throws(VectorFile.LoadError) -> [VectorFile.Vector]
  {
    let known = "BOLT #12's offers-test.json, format-string-test.json or signature-test.json"
    guard let first = entries.first else {
      throw VectorFile.LoadError(path: path, message: "an empty array, not one of \(known)")
    }
    guard let shape = shapes.first(where: { $0.fits(first) }) else {
      throw VectorFile.LoadError(
        path: path, message: "a top-level array whose entries are not of the shape of \(known)")
    }
    if let index = entries.firstIndex(where: { !shape.fits($0) }) {
      throw VectorFile.LoadError(
        path: path, message: "entry \(index) is not of the shape of \(shape.label)'s entries")
    }
    let names = entries.map { $0[shape.nameKey]!.stringValue! }
    var counts: [String: Int] = [:]
    for name in names { counts[name, default: 0] += 1 }
    return zip(entries, names).enumerated().map { index, pair in
      let (entry, name) = pair
      let unique = counts[name] == 1 ? name : "\(name) (#\(index + 1))"
      let object = shape.vectorObject(entry, unique)
      return VectorFile.Vector(file: file, name: unique, kind: shape.kind, object: object)
    }
  }
}
