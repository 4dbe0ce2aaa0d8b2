import Bech32Codec
import Bolt11
import Bolt11JSON
import Bolt12

/// Runs `kind: "bolt12_signature"` vectors, the entries of BOLT #12's `signature-test.json` as
/// published.
///
/// Every record that a `leaves` entry names (`H(`LnLeaf`,RECORD)`) is framed, in order, as one
/// TLV stream: its first record must be `first-tlv`, each hash a leaf lists (the leaf, its nonce,
/// their branch) and each hash of `branches` must be the tagged hash it names, computed here with
/// SHA-256, and the stream's `MerkleRoot` must be `merkle`. An
/// entry with a `bolt12` string must also decode with this package's reader of its kind (which
/// checks the signature), the string's own root must be `merkle`, the digest signed under
/// `signature_tag` must be `H(signature_tag,merkle)`, and the string's signature record must be
/// `signature`.
enum Bolt12SignatureVectors {
  static let leafPrefix = "H(`LnLeaf`,"

  static func run(_ object: JSON) -> DisplayText? {
    guard let leaves = object["leaves"]?.arrayValue, let merkle = object["merkle"]?.stringValue
    else { return "no \"leaves\" or \"merkle\"" }
    var bytes: [UInt8] = []
    for (index, leaf) in leaves.enumerated() {
      guard
        let key = leaf.objectValue?.first(where: {
          $0.0.hasPrefix(leafPrefix) && $0.0.hasSuffix(")")
        })?.0,
        let record = Hex.decode(String(key.dropFirst(leafPrefix.count).dropLast()))
      else { return "leaf \(index) names no record" }
      bytes += record
    }
    let stream: TLVStream
    do { stream = try TLVStream(framing: bytes) } catch {
      return "the leaves' records do not frame: \(error.code.rawValue)"
    }
    guard stream.records.count == leaves.count else {
      return "the leaves name \(stream.records.count) records, not \(leaves.count)"
    }
    if let first = object["first-tlv"]?.stringValue, let record = stream.records.first {
      let whole = Hex.encode(stream.bytes[record.offset..<record.valueRange.upperBound])
      if whole != first.lowercased() { return "first record \(whole), first-tlv \(first)" }
    }
    for (index, (leaf, record)) in zip(leaves, stream.records).enumerated() {
      if let problem = checkLeaf(leaf, record, in: stream) { return "leaf \(index): \(problem)" }
    }
    for (index, branch) in (object["branches"]?.arrayValue ?? []).enumerated() {
      if let problem = checkBranch(branch) { return "branch \(index): \(problem)" }
    }
    guard let root = MerkleRoot(stream: stream) else { return "no record is a leaf" }
    guard root.description == merkle.lowercased() else {
      return "merkle root \(root.description), expected \(merkle)"
    }
    guard let text = object["bolt12"]?.stringValue else { return nil }
    return signed(text, object, merkle: merkle)
  }

  /// BIP-340's tagged hash: SHA-256(SHA-256(tag) ‖ SHA-256(tag) ‖ message).
  static func tagged(_ tag: [UInt8], _ message: [UInt8]) -> [UInt8] {
    let tagHash = SHA256.hash(tag)
    return SHA256.hash(tagHash + tagHash + message)
  }

  /// H("LnBranch", lesser ‖ greater).
  static func branch(_ first: [UInt8], _ second: [UInt8]) -> [UInt8] {
    tagged(
      Array("LnBranch".utf8),
      first.lexicographicallyPrecedes(second) ? first + second : second + first)
  }

  /// Each hash a leaf entry lists, against the one computed from its record: the leaf, the nonce
  /// (over the stream's first record and the record's type as written) and their branch.
  static func checkLeaf(_ leaf: JSON, _ record: TLVRecord, in stream: TLVStream) -> DisplayText? {
    let whole = Array(stream.bytes[record.offset..<record.valueRange.upperBound])
    let first = stream.records[0]
    let firstWhole = Array(stream.bytes[first.offset..<first.valueRange.upperBound])
    // The type as written: a `bigsize` of 1, 3, 5 or 9 bytes.
    let typeLength = [0xfd: 3, 0xfe: 5, 0xff: 9][Int(whole[0])] ?? 1
    let leafHash = tagged(Array("LnLeaf".utf8), whole)
    let nonce = tagged(Array("LnNonce".utf8) + firstWhole, Array(whole.prefix(typeLength)))
    for (key, value) in leaf.objectValue ?? [] {
      let expected: [UInt8]
      if key.hasPrefix(leafPrefix) {
        expected = leafHash
      } else if key.hasPrefix("H(`LnNonce`") {
        expected = nonce
      } else if key == "H(`LnBranch`,leaf+nonce)" {
        expected = branch(leafHash, nonce)
      } else {
        continue
      }
      let computed = Hex.encode(expected)
      if value.stringValue?.lowercased() != computed {
        return "\(key) is \(computed), not \(value)"
      }
    }
    return nil
  }

  /// A `branches` entry: each `H(`LnBranch`,CHILDREN)` is the tagged hash of its children.
  static func checkBranch(_ entry: JSON) -> DisplayText? {
    let prefix = "H(`LnBranch`,"
    for (key, value) in entry.objectValue ?? [] where key.hasPrefix(prefix) && key.hasSuffix(")") {
      guard let children = Hex.decode(String(key.dropFirst(prefix.count).dropLast())),
        children.count == 64
      else { return "\(key) names no two 32-byte children" }
      let computed = Hex.encode(tagged(Array("LnBranch".utf8), children))
      if value.stringValue?.lowercased() != computed {
        return "\(key) is \(computed), not \(value)"
      }
    }
    return nil
  }

  /// The checks of an entry that gives a signed string.
  static func signed(_ text: String, _ object: JSON, merkle: String) -> DisplayText? {
    let tag = object["signature_tag"]?.stringValue ?? ""
    guard
      let message = Bolt12Signature.Message.allCases.first(where: {
        "lightning\($0.rawValue)signature" == tag
      })
    else { return "unknown signature_tag \(tag)" }
    let stream: TLVStream
    let json: String
    do {
      let form = try StringForm(parsing: text)
      stream = try TLVStream(framing: form.bytes)
      switch (form.kind, message) {
      case (.invoiceRequest, .invoiceRequest):
        json = try InvoiceRequest.decode(text).json
      case (.invoice, .invoice): json = try Bolt12Invoice.decode(text).json
      default: return "a \(form.kind.rawValue) string under signature_tag \(tag)"
      }
    } catch {
      return "the string does not decode: \(error.code.rawValue)"
    }
    guard let root = MerkleRoot(stream: stream), root.description == merkle.lowercased() else {
      return "the string's merkle root is not \(merkle)"
    }
    let digest = Hex.encode(Bolt12Signature.digest(of: root, for: message))
    if let expected = object["H(signature_tag,merkle)"]?.stringValue,
      digest != expected.lowercased()
    {
      return "H(signature_tag,merkle) \(digest), expected \(expected)"
    }
    let signature = stream.records.first { $0.type == Bolt12Signature.recordType }
    let given = signature.map { Hex.encode(stream.value(of: $0)) }
    guard let expected = object["signature"]?.stringValue, given == expected.lowercased() else {
      return "the string's signature \(given ?? "none") is not the entry's"
    }
    guard (try? JSON.parse(json))?["merkle_root"]?.stringValue == root.description else {
      return "the decoded JSON's merkle_root is not \(merkle)"
    }
    return nil
  }
}
