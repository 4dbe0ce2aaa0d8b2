import Bolt12
import Secp256k1
import TestSupport
import Testing

/// The Merkle root's leaves, and what the signature of BOLT #12's signed invoice request is not
/// (the runner of `bolt11 vectors` checks `signature-test.json`'s roots, hashes and signature:
/// see `PublishedBolt12FileTests`).
@Suite struct MerkleRootTests {
  @Test(
    "signature-test.json: the signed request's signature is its payer's, for no other message or key"
  )
  func signedRequest() throws {
    let entry = try Bolt12VectorFiles.specRequestEntry()
    let string = try #require(entry["bolt12"] as? String)
    let stream = try TLVStream(framing: try StringForm(parsing: string).bytes)
    let root = try #require(MerkleRoot(stream: stream))
    let signatureHex = try #require(entry["signature"] as? String)
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
