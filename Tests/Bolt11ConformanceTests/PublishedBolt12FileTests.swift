import Bolt11Conformance
import Foundation
import TestSupport
import Testing

/// BOLT #12's own vector files (`Vectors/spec/bolt12/`, copied byte for byte), loaded in the three
/// shapes they are published in and run by the same runner as `bolt11 vectors`: every vector
/// counted, each passing, and a copy with one byte changed failing.
@Suite struct PublishedBolt12FileTests {
  static func folder() throws -> String {
    try PackageFolder.vectors().appendingPathComponent("spec/bolt12").path
  }

  static func text(_ name: String) throws -> String {
    try String(contentsOfFile: folder() + "/" + name, encoding: .utf8)
  }

  @Test(
    "each published file loads as its vectors, all of them passing",
    arguments: [
      ("offers-test.json", 53, "bolt12"), ("format-string-test.json", 12, "bolt12"),
      ("signature-test.json", 4, "bolt12_signature"),
    ])
  func published(_ name: String, count: Int, kind: String) throws {
    let vectors = try VectorFile.loadAll(Self.folder() + "/" + name)
    #expect(vectors.count == count)
    #expect(Set(vectors.map(\.kind)) == [kind])
    #expect(Set(vectors.map(\.name)).count == count, "names are unique in their file")
    for vector in vectors {
      #expect(vector.run() == .passed, "\(vector)")
    }
  }

  @Test("the folder holds 53 offers, 12 string forms and 4 signature cases")
  func folderCounts() throws {
    let vectors = try VectorFile.loadAll(Self.folder())
    let byFile = Dictionary(grouping: vectors, by: \.file).mapValues(\.count)
    #expect(
      byFile == ["offers-test.json": 53, "format-string-test.json": 12, "signature-test.json": 4])
  }

  @Test("20 of the 53 offers are valid, each listing its records; one signature case is signed")
  func validOffersListRecords() throws {
    let offers = try VectorFile.loadAll(Self.folder() + "/offers-test.json")
    let valid = offers.filter { $0.object["valid"]?.boolValue == true }
    #expect(valid.count == 20)
    for vector in valid {
      // A valid offer's run compares its listed records: none may list none.
      #expect(vector.object["records"]?.arrayValue?.isEmpty == false, "\(vector)")
    }
    let signatures = try VectorFile.loadAll(Self.folder() + "/signature-test.json")
    #expect(signatures.filter { $0.object["bolt12"] != nil }.count == 1)
  }

  /// `name`'s text with the first occurrence of `old` after `anchor` replaced by `new`.
  static func changed(_ name: String, after anchor: String, _ old: String, _ new: String) throws
    -> String
  {
    let text = try Self.text(name)
    let start = try #require(text.range(of: anchor)).upperBound
    let range = try #require(text.range(of: old, range: start..<text.endIndex))
    return text.replacingCharacters(in: range, with: new)
  }

  /// The names of the vectors of `text` (read as `name`) that fail.
  static func failing(_ name: String, _ text: String) throws -> [String] {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = try folder.write(name, text)
    return try VectorFile.loadAll(path).filter { $0.run() != .passed }.map(\.name)
  }

  @Test("an unchanged copy passes; a copy with one byte changed fails on that vector")
  func tampered() throws {
    #expect(try Self.failing("offers-test.json", Self.text("offers-test.json")).isEmpty)
    // A listed field's hex of a valid offer ('Test vectors' → 'Uest vectors').
    let field = try Self.changed(
      "offers-test.json", after: "\"with description (but no amount)\"", "\"hex\": \"54",
      "\"hex\": \"55")
    #expect(try Self.failing("offers-test.json", field) == ["with description (but no amount)"])
    // A listed field's length.
    let length = try Self.changed(
      "offers-test.json", after: "\"with description (but no amount)\"", "\"length\": 12",
      "\"length\": 13")
    #expect(try Self.failing("offers-test.json", length) == ["with description (but no amount)"])
    // A verdict.
    let verdict = try Self.changed(
      "offers-test.json", after: "\"Malformed: empty\"", "\"valid\": false", "\"valid\": true")
    #expect(try Self.failing("offers-test.json", verdict) == ["Malformed: empty"])
    // A string form's verdict.
    let form = try Self.changed(
      "format-string-test.json", after: "\"Uppercase is valid\"", "\"valid\": true",
      "\"valid\": false")
    #expect(try Self.failing("format-string-test.json", form) == ["Uppercase is valid"])
  }

  @Test(
    "a signature file with one byte of a root, a record, a listed hash or the signature changed fails"
  )
  func tamperedSignatures() throws {
    let name = "signature-test.json"
    #expect(try Self.failing(name, Self.text(name)).isEmpty)
    let signed = "invoice_request test: offer_issuer_id = Alice"
    let cases = [
      try Self.changed(name, after: "Simple n1 test", "\"merkle\": \"b0", "\"merkle\": \"b1"),
      try Self.changed(name, after: "Simple n1 test", "LnLeaf`,010203e8", "LnLeaf`,010203e9"),
      // A listed hash of a leaf, a nonce and a branch.
      try Self.changed(name, after: "Simple n1 test", ": \"67a2", ": \"67a3"),
      try Self.changed(name, after: "Simple n1 test", ": \"255a", ": \"255b"),
      try Self.changed(name, after: "\"desc\": \"2:", ": \"92e6", ": \"92e7"),
      try Self.changed(name, after: signed, "\"signature\": \"b8", "\"signature\": \"b9"),
      try Self.changed(name, after: signed, "\"merkle\": \"60", "\"merkle\": \"61"),
      try Self.changed(
        name, after: signed, "\"H(signature_tag,merkle)\": \"ae",
        "\"H(signature_tag,merkle)\": \"af"),
    ]
    for text in cases {
      #expect(try Self.failing(name, text).count == 1)
    }
  }

  @Test(
    "a top-level array of another shape is a load error, never an empty file",
    arguments: [
      "[]", #"[{"foo": 1}]"#, "[1, 2]",
      #"[{"description": "a", "valid": true, "bolt12": "lno1"}, {"comment": "b", "valid": true, "string": "lno1"}]"#,
      #"[{"description": "a", "valid": "yes", "bolt12": "lno1"}]"#,
      #"[{"comment": "a", "leaves": [], "merkle": 3}]"#,
    ])
  func unknownShape(_ text: String) throws {
    #expect(throws: VectorFile.LoadError.self) { try VectorFile(path: "x.json", text: text) }
  }
}
