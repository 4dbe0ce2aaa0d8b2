import Bech32Codec
import Bolt11JSON
import Bolt12

/// Runs `kind: "bolt12_signature"` vectors, the entries of BOLT #12's `signature-test.json` as
/// published.
///
/// Every record that a `leaves` entry names (`H(`LnLeaf`,RECORD)`) is framed, in order, as one
/// TLV stream: its first record must be `first-tlv` and its `MerkleRoot` must be `merkle`. An
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
    guard let root = MerkleRoot(stream: stream) else { return "no record is a leaf" }
    guard root.description == merkle.lowercased() else {
      return "merkle root \(root.description), expected \(merkle)"
    }
    guard let text = object["bolt12"]?.stringValue else { return nil }
    return signed(text, object, merkle: merkle)
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
