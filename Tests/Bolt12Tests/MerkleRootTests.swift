import Bech32Codec
import Bolt12
import Foundation
import Secp256k1
import Testing

/// BOLT #12's `signature-test.json`, run as published: every Merkle root from the records its
/// leaves name, and the signed invoice request's signature.
@Suite struct MerkleRootTests {
  struct Row: Sendable, CustomTestStringConvertible {
    var comment: String
    /// The records, whole, in the order the leaves list them.
    var records: [[UInt8]]
    var merkle: String
    var string: String?
    var signatureTag: String?
    var taggedRoot: String?
    var signature: String?
    var testDescription: String { comment }
  }

  static let rows: [Row] = Bolt12Vectors.published("signature-test.json").compactMap { entry in
    guard let comment = entry["comment"] as? String,
      let leafList = entry["leaves"] as? [[String: Any]], let merkle = entry["merkle"] as? String
    else { return nil }
    let leaves = leafList.flatMap(\.keys).joined(separator: " ")
    let records = leaves.matches(of: /H\(`LnLeaf`,([0-9a-f]+)\)/).compactMap {
      Hex.decode(String($0.output.1))
    }
    return Row(
      comment: comment, records: records, merkle: merkle, string: entry["bolt12"] as? String,
      signatureTag: entry["signature_tag"] as? String,
      taggedRoot: entry["H(signature_tag,merkle)"] as? String,
      signature: entry["signature"] as? String)
  }

  @Test("the spec's signature file has its 4 vectors, one signed") func count() {
    #expect(Self.rows.count == 4)
    #expect(Self.rows.filter { $0.signature != nil }.count == 1)
  }

  @Test("signature-test.json: the root of the records the leaves name", arguments: rows)
  func root(row: Row) throws {
    let stream = try TLVStream(framing: row.records.flatMap { $0 })
    #expect(stream.records.count == row.records.count)
    #expect(MerkleRoot(stream: stream)?.description == row.merkle)
  }

  @Test("signature-test.json: the signed request's root, tagged hash and signature")
  func signedRequest() throws {
    let row = try #require(Self.rows.first { $0.signature != nil })
    let string = try #require(row.string)
    let form = try StringForm(parsing: string)
    let stream = try TLVStream(framing: form.bytes)
    let root = try #require(MerkleRoot(stream: stream))
    #expect(root.description == row.merkle)
    #expect(row.signatureTag == "lightninginvoice_requestsignature")
    #expect(Hex.encode(Bolt12Signature.digest(of: root, for: .invoiceRequest)) == row.taggedRoot)
    let signatureHex = try #require(row.signature)
    let signature = try #require(SchnorrSignature(hex: signatureHex))
    let payerRecord = try #require(stream.records.first { $0.type == 88 })
    let payer = try #require(PublicKey(bytes: stream.value(of: payerRecord)))
    #expect(Bolt12Signature.verify(signature, of: root, for: .invoiceRequest, by: payer))
    // The same signature is no invoice's, and no other key's.
    #expect(!Bolt12Signature.verify(signature, of: root, for: .invoice, by: payer))
    let issuerRecord = try #require(stream.records.first { $0.type == 22 })
    let issuer = try #require(PublicKey(bytes: stream.value(of: issuerRecord)))
    #expect(!Bolt12Signature.verify(signature, of: root, for: .invoiceRequest, by: issuer))
  }

  /// A record of `type` with a one-byte value, its type a minimal `bigsize`.
  static func record(_ type: UInt16) -> [UInt8] {
    type < 0xfd
      ? [UInt8(type), 0x01, 0x00] : [0xfd, UInt8(type >> 8), UInt8(type & 0xff), 0x01, 0x00]
  }

  @Test("records of the signature types 240 to 1000 are no leaves, known or not")
  func signatureTypesLeftOut() throws {
    let base: [UInt8] = [0x01, 0x02, 0x03, 0xe8]
    let plain = try #require(MerkleRoot(stream: TLVStream(framing: base)))
    for type: UInt16 in [240, 241, 999, 1000] {
      #expect(
        MerkleRoot(stream: try TLVStream(framing: base + Self.record(type))) == plain,
        "type \(type)")
    }
    for type: UInt16 in [239, 1001] {
      #expect(
        MerkleRoot(stream: try TLVStream(framing: base + Self.record(type))) != plain,
        "type \(type)")
    }
    #expect(MerkleRoot(stream: try TLVStream(framing: [0xf0, 0x00])) == nil)
  }
}
