import Bech32Codec

/// An offer's identity: the SHA-256 of the bytes, as received and in stream order, of every
/// record in the offer's ranges (types 1 to 79 and 1,000,000,000 to 1,999,999,999).
///
/// Core Lightning computes the same id, and an invoice request or invoice that copies the offer
/// has it too. Other implementations compute other ids.
public struct OfferID: Sendable, Hashable, CustomStringConvertible {
  /// The 32 bytes of the digest.
  public let bytes: [UInt8]

  init(digest: [UInt8]) { bytes = digest }

  /// The digest as 64 lower-case hex digits.
  public var description: String { Hex.encode(bytes) }
}
