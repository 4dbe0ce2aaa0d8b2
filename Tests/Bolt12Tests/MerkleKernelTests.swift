import Bech32Codec
import TestSupport
import Testing

@testable import Bolt12

/// The Merkle root's kernel (Kernels/MerkleRoot+Kernel.swift) against its plain reference, on
/// every string of every BOLT #12 vector file that frames, and on streams of every leaf count
/// from 1 to 40 (odd and even levels, an unpaired node at each depth).
@Suite struct MerkleKernelTests {
  /// The strings of our vector files and the spec's, valid and invalid.
  static let strings: [String] = {
    let published = ["offers-test.json", "format-string-test.json", "signature-test.json"]
    let files = ["bolt12.json"] + Bolt12VectorFiles.ownFiles + published.map { "spec/bolt12/" + $0 }
    return files.flatMap { file in
      ((try? Bolt12VectorFiles.entries(file)) ?? []).compactMap {
        $0["string"] as? String ?? $0["bolt12"] as? String
      }
    }
  }()

  /// The framed streams of `strings`.
  static let streams: [TLVStream] = strings.compactMap { text in
    guard let form = try? StringForm(parsing: text) else { return nil }
    return try? TLVStream(framing: form.bytes)
  }

  @Test("the vector files give over 150 framed streams") func count() {
    #expect(Self.streams.count > 150)
  }

  @Test("every framed vector stream: the kernel's root is the reference's")
  func vectors() {
    for stream in Self.streams {
      let reference = MerkleRoot.referenceRoot(of: stream)
      #expect(MerkleRoot.kernelRoot(of: stream) == reference, "\(Hex.encode(stream.bytes))")
      #expect(MerkleRoot(stream: stream)?.bytes == reference)
    }
  }

  @Test("1 to 40 records, some of signature types, types of every width, random values")
  func recordCounts() throws {
    var generator = SplitMix64(seed: 12)
    for count in 1...40 {
      var stream: [UInt8] = []
      var type: UInt64 = 0
      for index in 0..<count {
        // Types of 1, 3, 5 and 9 bytes; steps of 37 land some in the signature types.
        if index > 0 {
          type += [1, 37, 37, 300, 70_000, 5_000_000_000][Int(generator.next() % 6)]
        }
        let length = Int(generator.next() % 121)
        BigSize.write(type, to: &stream)
        BigSize.write(UInt64(length), to: &stream)
        stream += (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
      }
      let framed = try TLVStream(framing: stream)
      let reference = try #require(MerkleRoot.referenceRoot(of: framed))
      #expect(MerkleRoot.kernelRoot(of: framed) == reference, "\(count) records")
    }
  }

  @Test("a stream of signature records alone has no root, in both forms")
  func noLeaf() throws {
    let stream = try TLVStream(framing: [0xf0, 0x00, 0xf1, 0x01, 0x00])
    #expect(MerkleRoot.referenceRoot(of: stream) == nil)
    #expect(MerkleRoot.kernelRoot(of: stream) == nil)
  }

  @Test("the signed digest is libsecp256k1's tagged hash of the root, for both messages")
  func digest() throws {
    let root = try #require(
      MerkleRoot(stream: try TLVStream(framing: [0x02, 0x03, 0x61, 0x62, 0x63])))
    for message in Bolt12Signature.Message.allCases {
      #expect(
        Bolt12Signature.digest(of: root, for: message)
          == ReferenceTaggedHash.hash(tag: Bolt12Signature.tag(of: message), message: root.bytes))
    }
  }
}
