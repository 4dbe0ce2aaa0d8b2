/// Lower-case hexadecimal, both ways: how keys, hashes and signatures are written as text.
///
/// ```swift
/// Hex.encode([0x03, 0xe7])  // "03e7"
/// Hex.decode("03E7")        // [0x03, 0xe7]
/// ```
public enum Hex {
  /// The bytes in lower-case hexadecimal, two digits a byte.
  public static func encode(_ bytes: some Collection<UInt8>) -> String {
    bytes.withContiguousBytes { encode(UnsafeRawBufferPointer($0)) }
  }

  private static func encode(_ bytes: UnsafeRawBufferPointer) -> String {
    String(unsafeUninitializedCapacity: 2 * bytes.count) { output in
      if let start = output.baseAddress { write(bytes, to: UnsafeMutableRawPointer(start)) }
      return 2 * bytes.count
    }
  }

  /// Writes the bytes in lower-case hexadecimal, `2 * bytes.count` digits, at `target`: what
  /// every hexadecimal text of the package is made by.
  ///
  /// Sixteen bytes a step in vector registers, worked out rather than looked up (about 30
  /// instructions for 32 digits, and no table to bring into the cache after the signature check
  /// has emptied it), then byte by byte with the same arithmetic.
  ///
  /// - Precondition: `target` has room for `2 * bytes.count` bytes.
  public static func write(_ bytes: UnsafeRawBufferPointer, to target: UnsafeMutableRawPointer) {
    let count = bytes.count
    #if _endian(little)
      if count >= 16 {
        // Sixteen bytes a step, the last step ending at the end: it may write again digits the
        // step before wrote, the same ones.
        var index = 0
        while count &- index > 16 {
          writeSixteen(bytes, at: index, to: target)
          index &+= 16
        }
        writeSixteen(bytes, at: count &- 16, to: target)
        return
      }
    #endif
    var index = 0
    while index < count {
      let byte = bytes.load(fromByteOffset: index, as: UInt8.self)
      target.storeBytes(of: digit(byte &>> 4), toByteOffset: 2 &* index, as: UInt8.self)
      target.storeBytes(of: digit(byte & 15), toByteOffset: 2 &* index &+ 1, as: UInt8.self)
      index &+= 1
    }
  }

  /// The 32 digits of the sixteen bytes at `index`, at `2 * index` of `target`.
  @inline(__always)
  private static func writeSixteen(
    _ bytes: UnsafeRawBufferPointer, at index: Int, to target: UnsafeMutableRawPointer
  ) {
    let value = bytes.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
    let high = digits(value &>> 4)
    let low = digits(value & 15)
    // Each byte's two digits as one little-endian UInt16, high digit first: the compiler
    // interleaves the two vectors (punpcklbw and punpckhbw on x86-64).
    target.storeBytes(
      of: SIMD8<UInt16>(truncatingIfNeeded: high.lowHalf)
        | SIMD8<UInt16>(truncatingIfNeeded: low.lowHalf) &<< 8,
      toByteOffset: 2 &* index, as: SIMD8<UInt16>.self)
    target.storeBytes(
      of: SIMD8<UInt16>(truncatingIfNeeded: high.highHalf)
        | SIMD8<UInt16>(truncatingIfNeeded: low.highHalf) &<< 8,
      toByteOffset: 2 &* index &+ 16, as: SIMD8<UInt16>.self)
  }

  /// The digit of each 4-bit value (below 16): "0" + n, and 39 more from 10 up ("a" - 10 + n).
  @inline(__always)
  private static func digits(_ values: SIMD16<UInt8>) -> SIMD16<UInt8> {
    // (n + 6) >> 4 is 1 from 10 up, else 0; 0 - 1 is all ones.
    values &+ 0x30 &+ ((SIMD16<UInt8>() &- ((values &+ 6) &>> 4)) & 39)
  }

  /// `digits` for one value below 16.
  @inline(__always)
  private static func digit(_ value: UInt8) -> UInt8 {
    value &+ 0x30 &+ ((0 &- ((value &+ 6) &>> 4)) & 39)
  }

  /// The bytes of an even-length hexadecimal string (either case), or nil for any other text.
  public static func decode(_ text: String) -> [UInt8]? {
    let utf8 = Array(text.utf8)
    guard utf8.count % 2 == 0 else { return nil }
    var output: [UInt8] = []
    output.reserveCapacity(utf8.count / 2)
    var index = 0
    while index < utf8.count {
      guard let high = nibble(utf8[index]), let low = nibble(utf8[index + 1]) else { return nil }
      output.append(high << 4 | low)
      index += 2
    }
    return output
  }

  /// The value of one hexadecimal digit (either case), or nil.
  public static func nibble(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: byte - 0x30
    case 0x61...0x66: byte - 0x61 + 10
    case 0x41...0x46: byte - 0x41 + 10
    default: nil
    }
  }
}

extension Hex {
  /// Reads a value that `Codable` writes as a hex string: the one decoding of the package's
  /// typed values (keys, hashes, signatures).
  ///
  /// - Parameters:
  ///   - what: what the text must be, for the error (`"33-byte compressed public key"`).
  ///   - make: the value of the text, or nil when the text is not one.
  /// - Throws: `DecodingError.dataCorrupted` for text that is not the value.
  package static func decode<Value>(
    _ decoder: any Decoder, as what: String, _ make: (String) -> Value?
  ) throws -> Value {
    let text = try decoder.singleValueContainer().decode(String.self)
    guard let value = make(text) else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath, debugDescription: "not a \(what) in hexadecimal"))
    }
    return value
  }

  /// Writes a typed value's hex text as `Codable`'s single string.
  package static func encode(_ text: String, to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(text)
  }
}
