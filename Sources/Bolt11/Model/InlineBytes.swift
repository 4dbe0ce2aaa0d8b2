/// 32 bytes held inline, so that a hash or secret read from an invoice costs no allocation.
///
/// Public properties hand these out as `[UInt8]`; parsing stores them here.
struct InlineBytes32: Hashable, Sendable {
  /// The bytes in memory order.
  private(set) var storage: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

  /// - Precondition: `bytes` holds exactly 32 bytes.
  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    precondition(bytes.count == 32, "32 bytes")
    // Four loads in memory order rather than a call to `memcpy` for 32 bytes.
    let raw = UnsafeRawBufferPointer(bytes)
    storage = (
      raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self),
      raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
      raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self),
      raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
    )
  }

  var array: [UInt8] { Swift.withUnsafeBytes(of: storage) { Array($0) } }

  func withUnsafeBytes<Result, Failure>(
    _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try Swift.withUnsafeBytes(of: storage, body)
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.storage.0 == rhs.storage.0 && lhs.storage.1 == rhs.storage.1
      && lhs.storage.2 == rhs.storage.2 && lhs.storage.3 == rhs.storage.3
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(storage.0)
    hasher.combine(storage.1)
    hasher.combine(storage.2)
    hasher.combine(storage.3)
  }
}

/// 64 bytes held inline: a compact signature, r ‖ s.
struct InlineBytes64: Hashable, Sendable {
  var r: InlineBytes32
  var s: InlineBytes32

  /// - Precondition: `bytes` holds exactly 64 bytes.
  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    precondition(bytes.count == 64, "64 bytes")
    r = InlineBytes32(UnsafeBufferPointer(rebasing: bytes[0..<32]))
    s = InlineBytes32(UnsafeBufferPointer(rebasing: bytes[32..<64]))
  }

  var array: [UInt8] { withUnsafeBytes { Array($0) } }

  /// The 64 bytes, contiguous.
  func withUnsafeBytes<Result, Failure>(
    _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try withUnsafeTemporaryAllocation(byteCount: 64, alignment: 8) {
      buffer throws(Failure) -> Result in
      r.withUnsafeBytes { buffer.baseAddress!.copyMemory(from: $0.baseAddress!, byteCount: 32) }
      s.withUnsafeBytes {
        (buffer.baseAddress! + 32).copyMemory(from: $0.baseAddress!, byteCount: 32)
      }
      return try body(UnsafeRawBufferPointer(buffer))
    }
  }
}
