import Bech32Codec
import Bolt11
import Secp256k1

/// Signs arbitrary invoice words, for tests and test vectors: including invoices readers refuse.
///
/// Uses only the public API of Bech32Codec, Secp256k1 and Bolt11. Use `InvoiceBuilder` for
/// invoices meant to be paid.
package enum InvoiceSigner {
  /// How a test signature departs from the one the key makes.
  ///
  /// The default changes nothing. Changes apply in this order: `highS`, then
  /// `flipsRecoveryParity`, then `recoveryID`, then `compactSignature` (which replaces r ‖ s
  /// altogether).
  package struct Alteration: Sendable, Equatable {
    /// Replace s with n − s (n: the group order). libsecp256k1 signs low-S, so this gives the
    /// high-S twin of the signature; it still verifies, but for the R point of the other y parity.
    package var highS = false
    /// Flip the lowest bit of the recovery id. With `highS` this keeps recovery pointing at the
    /// signer; alone, recovery finds another key.
    package var flipsRecoveryParity = false
    /// Write this recovery id byte (0...255) instead of the one the signature has.
    package var recoveryID: UInt8?
    /// Write these 64 bytes as r ‖ s instead of the signature.
    package var compactSignature: [UInt8]?

    /// Makes an alteration; the defaults change nothing.
    package init(
      highS: Bool = false, flipsRecoveryParity: Bool = false, recoveryID: UInt8? = nil,
      compactSignature: [UInt8]? = nil
    ) {
      self.highS = highS
      self.flipsRecoveryParity = flipsRecoveryParity
      self.recoveryID = recoveryID
      self.compactSignature = compactSignature
    }

    /// No change: the signature as the key makes it.
    package static let none = Alteration()
  }

  /// Signs data words under a human-readable part and returns the Bech32 string.
  ///
  /// Nothing is checked: the words may frame no valid invoice, carry duplicate, overlong or
  /// badly padded fields, and the signature may be altered on purpose. The signed message is
  /// BOLT #11's: SHA-256 of the human-readable part's bytes followed by `dataWords` regrouped
  /// into bytes with zero padding. Signatures are deterministic (RFC 6979), so the same inputs
  /// always give the same string.
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
  package static func sign(
    hrp: String, dataWords: [UInt8], key: SigningKey, alteration: Alteration = .none,
    uppercase: Bool = false
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
    if alteration.highS { compact = Scalar.flipS(compact) }
    if alteration.flipsRecoveryParity { recoveryID ^= 1 }
    if let replacement = alteration.recoveryID { recoveryID = replacement }
    if let replacement = alteration.compactSignature {
      precondition(replacement.count == 64, "a compact signature is 64 bytes")
      compact = replacement
    }
    let words = dataWords + Bech32.words(fromBytes: compact + [recoveryID])
    return Bech32.encode(hrp: hrpBytes, words: words, variant: .bech32, uppercase: uppercase)
  }
}
