import Bolt12
import Secp256k1

/// Test-only writing of arbitrary BOLT #12 streams, signed over their Merkle root as the spec
/// says, so that the reader can be shown strings that break exactly one rule.
enum Bolt12Signer {
  /// The secret keys of signature-test.json: Alice (0x41 × 32) and Bob (0x42 × 32).
  static let alice = try! SchnorrSigningKey(secretKey: [UInt8](repeating: 0x41, count: 32))
  static let bob = try! SchnorrSigningKey(secretKey: [UInt8](repeating: 0x42, count: 32))
  static let carol = try! SchnorrSigningKey(secretKey: [UInt8](repeating: 0x43, count: 32))
  /// Fixed BIP-340 auxiliary randomness, so that the strings are reproducible.
  static let auxiliary = [UInt8](repeating: 0, count: 32)

  /// A minimal `bigsize`.
  static func bigSize(_ value: UInt64) -> [UInt8] {
    switch value {
    case 0..<0xfd: [UInt8(value)]
    case 0xfd...0xffff: [0xfd] + bytes(value, 2)
    case 0x1_0000...0xffff_ffff: [0xfe] + bytes(value, 4)
    default: [0xff] + bytes(value, 8)
    }
  }

  /// `value`'s low `width` bytes, big-endian.
  static func bytes(_ value: UInt64, _ width: Int) -> [UInt8] {
    (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
  }

  /// A `tu64`.
  static func tu64(_ value: UInt64) -> [UInt8] {
    Array(bytes(value, 8).drop { $0 == 0 })
  }

  /// The records written in the order given.
  static func stream(_ records: [(UInt64, [UInt8])]) -> [UInt8] {
    records.flatMap { bigSize($0.0) + bigSize(UInt64($0.1.count)) + $0.1 }
  }

  /// The string of `records` (in the order given), signed by `key` as `message` when a key is
  /// given: the signature record goes after every record below 240 and before the rest.
  static func string(
    _ kind: StringForm.Kind, _ records: [(UInt64, [UInt8])], signedBy key: SchnorrSigningKey?
  ) -> String {
    var all = records
    if let key {
      let root = MerkleRoot(stream: try! TLVStream(framing: stream(records)))!
      let message: Bolt12Signature.Message = kind == .invoice ? .invoice : .invoiceRequest
      let signature = try! key.sign(
        Bolt12Signature.digest(of: root, for: message), auxiliaryRandomness: auxiliary)
      let index = all.firstIndex { $0.0 > 240 } ?? all.endIndex
      all.insert((240, signature.bytes), at: index)
    }
    return StringForm(kind: kind, bytes: stream(all)).text
  }
}
