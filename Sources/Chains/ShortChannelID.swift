/// A short channel id: block height, transaction index and output index in 8 bytes.
public struct ShortChannelID: RawRepresentable, Sendable, Hashable, LosslessStringConvertible {
  /// The 8 bytes as a big-endian number: block in the top 24 bits, transaction in the next 24,
  /// output in the low 16.
  public let rawValue: UInt64
  /// Makes a short channel id from its 8-byte form.
  public init(rawValue: UInt64) { self.rawValue = rawValue }

  /// Makes a short channel id from its parts.
  ///
  /// - Precondition: `block` and `transaction` are below 2^24.
  public init(block: UInt32, transaction: UInt32, output: UInt16) {
    // 24 bits of block and transaction each; callers pass values that fit.
    precondition(block < 1 << 24 && transaction < 1 << 24, "block and transaction are 24 bits")
    rawValue = UInt64(block) << 40 | UInt64(transaction) << 16 | UInt64(output)
  }

  /// The height of the block holding the funding transaction.
  public var block: UInt32 { UInt32(truncatingIfNeeded: rawValue >> 40) }
  /// The funding transaction's index in its block.
  public var transaction: UInt32 { UInt32(truncatingIfNeeded: rawValue >> 16) & 0xff_ffff }
  /// The funding output's index in its transaction.
  public var output: UInt16 { UInt16(truncatingIfNeeded: rawValue) }

  /// `BLOCKxTXxOUT`.
  public var description: String {
    var text = ""
    withText { text = String(decoding: $0, as: UTF8.self) }
    return text
  }

  /// Most characters of `BLOCKxTXxOUT`: 8 digits of 24 bits, twice, 5 of 16 bits, two `x`.
  public static let maximumTextLength = 8 + 1 + 8 + 1 + 5

  /// Calls `body` with `description`'s text as ASCII, made on the stack: the one place the
  /// form is written, for a caller that writes it into bytes of its own.
  public func withText(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.maximumTextLength) { buffer in
      // Written from the end: output, `x`, transaction, `x`, block.
      var start = buffer.count
      func put(_ value: UInt32) {
        var rest = value
        repeat {
          start -= 1
          buffer[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
          rest /= 10
        } while rest != 0
      }
      put(UInt32(output))
      start -= 1
      buffer[start] = UInt8(ascii: "x")
      put(transaction)
      start -= 1
      buffer[start] = UInt8(ascii: "x")
      put(block)
      body(UnsafeBufferPointer(rebasing: buffer[start...]))
    }
  }

  /// Reads `BLOCKxTXxOUT` (`description`'s inverse): three decimal numbers that fit in 24, 24 and
  /// 16 bits; nil for anything else.
  public init?(_ description: String) {
    let pieces = description.split(separator: "x", omittingEmptySubsequences: false)
    guard pieces.count == 3, let block = UInt32(pieces[0]), block < 1 << 24,
      let transaction = UInt32(pieces[1]), transaction < 1 << 24,
      let output = UInt16(pieces[2])
    else { return nil }
    self.init(block: block, transaction: transaction, output: output)
  }
}
