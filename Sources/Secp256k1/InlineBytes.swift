import Bech32Codec

/// A value of a fixed number of bytes held inline, in a tuple of words: the byte-level
/// initialisers that `MessageHash`, `CompactSignature` and `XOnlyPublicKey` share.
protocol InlineBytes {
  /// The tuple that holds the bytes.
  associatedtype Storage
  /// The number of bytes.
  static var byteCount: Int { get }
  /// The bytes, inline.
  var storage: Storage { get set }
  /// The value of all-zero bytes, before the bytes are copied in.
  init()
}

extension InlineBytes {
  /// The value of the bytes of `buffer`, or nil when there are not `byteCount` of them.
  init?(copying buffer: UnsafeRawBufferPointer) {
    guard buffer.count == Self.byteCount, let base = buffer.baseAddress else { return nil }
    self.init()
    Swift.withUnsafeMutableBytes(of: &storage) {
      $0.baseAddress!.copyMemory(from: base, byteCount: Self.byteCount)
    }
  }

  /// The value of `bytes`, or nil when there are not `byteCount` of them.
  init?(collecting bytes: some Collection<UInt8>) {
    guard let value = bytes.withContiguousBytes({ Self(copying: UnsafeRawBufferPointer($0)) })
    else { return nil }
    self = value
  }

  /// The value written as `2 × byteCount` hexadecimal digits (either case), or nil for any
  /// other text.
  init?(hexDigits text: String) {
    guard let bytes = Hex.decode(text), let value = Self(collecting: bytes) else { return nil }
    self = value
  }
}
