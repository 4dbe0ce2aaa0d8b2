import Bech32Codec
public import Secp256k1

extension RawInvoice {
  /// How a test signature departs from the one the key makes: for invoices that readers refuse.
  ///
  /// The default changes nothing. Changes apply in this order: `highS`, then `recoveryID`, then
  /// `compactSignature` (which replaces r ‖ s altogether).
  public struct SignatureAlteration: Sendable, Equatable {
    /// Replace s with n − s (n: the group order). libsecp256k1 signs low-S, so this gives the
    /// high-S twin of the signature; it still verifies, but for the R point of the other y parity.
    public var highS: Bool
    /// Flip the lowest bit of the recovery id, after `highS`. With `highS` this keeps recovery
    /// pointing at the signer; alone, recovery finds another key.
    public var flipsRecoveryParity: Bool
    /// Write this recovery id byte (0...255) instead of the one the signature has.
    public var recoveryID: UInt8?
    /// Write these 64 bytes as r ‖ s instead of the signature.
    public var compactSignature: [UInt8]?

    /// Makes an alteration; the defaults change nothing.
    ///
    /// - Parameters:
    ///   - highS: replace s with n − s.
    ///   - flipsRecoveryParity: flip the recovery id's lowest bit.
    ///   - recoveryID: the recovery id byte to write instead.
    ///   - compactSignature: the 64 bytes to write as r ‖ s instead.
    public init(
      highS: Bool = false, flipsRecoveryParity: Bool = false, recoveryID: UInt8? = nil,
      compactSignature: [UInt8]? = nil
    ) {
      self.highS = highS
      self.flipsRecoveryParity = flipsRecoveryParity
      self.recoveryID = recoveryID
      self.compactSignature = compactSignature
    }

    /// No change: the signature as the key makes it.
    public static let none = SignatureAlteration()
  }

  /// The secp256k1 group order n, big-endian: 2^256 − 432420386565659656852420866394968145599.
  /// SEC 2, section 2.4.1.
  static let groupOrder: [UInt8] = [
    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe,
    0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48, 0xa0, 0x3b, 0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x41,
  ]

  /// Signs arbitrary data words under a human-readable part and returns the Bech32 string, for
  /// making test vectors.
  ///
  /// Nothing is checked: the words may frame no valid invoice, carry duplicate, overlong or
  /// badly padded fields, and the signature may be altered on purpose, so this produces invoices
  /// readers may refuse. Use `InvoiceBuilder` for invoices meant to be paid. The signed message
  /// is BOLT #11's: SHA-256 of the human-readable part's bytes followed by `dataWords` regrouped
  /// into bytes with zero padding (see `signingPreimage`). Signatures are deterministic (RFC 6979),
  /// so the same inputs always give the same string.
  ///
  /// - Parameters:
  ///   - hrp: the human-readable part as it should appear, in lower case (`lnbc0025u` is allowed:
  ///     it is signed as given, not normalized).
  ///   - dataWords: the timestamp and tagged fields as 5-bit words (each below 32), without the
  ///     signature.
  ///   - key: the signer.
  ///   - alteration: how to spoil the signature, if at all.
  ///   - uppercase: write the string in upper case.
  /// - Returns: the invoice string: `hrp`, `1`, the data words, the 104 signature words and a
  ///   Bech32 checksum.
  public static func signedString(
    hrp: String, dataWords: [UInt8], key: SigningKey,
    alteration: SignatureAlteration = .none, uppercase: Bool = false
  ) -> String {
    let hrpBytes = Array(hrp.utf8)
    precondition(
      hrpBytes.allSatisfy { $0 >= 33 && $0 <= 126 && !($0 >= 0x41 && $0 <= 0x5a) },
      "the human-readable part is printable lower-case ASCII")
    precondition(dataWords.allSatisfy { $0 < 32 }, "data words are 5-bit values")
    let hash = SHA256.hash(hrpBytes + Bech32.bytesPadded(fromWords: dataWords))
    let signed: (compactSignature: [UInt8], recoveryID: Int)
    do {
      signed = try key.signRecoverable(hash: hash)
    } catch {
      preconditionFailure("a 32-byte hash always signs: \(error)")
    }
    var compact = signed.compactSignature
    var recoveryID = UInt8(signed.recoveryID)
    if alteration.highS {
      compact.replaceSubrange(32..<64, with: negatedModuloOrder(Array(compact[32..<64])))
    }
    if alteration.flipsRecoveryParity { recoveryID ^= 1 }
    if let replacement = alteration.recoveryID { recoveryID = replacement }
    if let replacement = alteration.compactSignature {
      precondition(replacement.count == 64, "a compact signature is 64 bytes")
      compact = replacement
    }
    let words = dataWords + Bech32.words(fromBytes: compact + [recoveryID])
    return Bech32.encode(hrp: hrpBytes, words: words, variant: .bech32, uppercase: uppercase)
  }

  /// n − s for a 32-byte big-endian scalar 0 < s < n: schoolbook subtraction with borrow.
  static func negatedModuloOrder(_ scalar: [UInt8]) -> [UInt8] {
    precondition(scalar.count == 32, "a scalar is 32 bytes")
    var result = [UInt8](repeating: 0, count: 32)
    var borrow = 0
    for index in (0..<32).reversed() {
      var difference = Int(groupOrder[index]) - Int(scalar[index]) - borrow
      borrow = difference < 0 ? 1 : 0
      if difference < 0 { difference += 256 }
      result[index] = UInt8(difference)
    }
    precondition(borrow == 0, "s is below the group order")
    return result
  }
}
