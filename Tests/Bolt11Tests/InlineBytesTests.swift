import Testing

@testable import Bolt11

/// Hashes, secrets and signatures read from an invoice are held inline: the bytes come back in
/// the order they were given, whatever their values.
@Suite struct InlineBytesTests {
  @Test("32 bytes come back in order, as an array and in memory", arguments: 0..<4)
  func thirtyTwo(_ seed: Int) {
    let bytes = (0..<32).map { UInt8(truncatingIfNeeded: $0 * 37 + seed * 101 + 1) }
    let inline = bytes.withUnsafeBufferPointer { InlineBytes32($0) }
    #expect(inline.array == bytes)
    #expect(inline.withUnsafeBytes { Array($0) } == bytes)
    #expect(withUnsafeBytes(of: inline.storage) { Array($0) } == bytes)
  }

  @Test("64 bytes come back in order: r, then s")
  func sixtyFour() {
    let bytes = (0..<64).map { UInt8(truncatingIfNeeded: 255 - $0 * 3) }
    let inline = bytes.withUnsafeBufferPointer { InlineBytes64($0) }
    #expect(inline.array == bytes)
    #expect(inline.r.array == Array(bytes[0..<32]))
    #expect(inline.s.array == Array(bytes[32..<64]))
  }
}
