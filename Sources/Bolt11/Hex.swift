/// Lower-case hexadecimal, both ways: for the package's identifiers, JSON and tools.
package enum Hex {
  package static func encode(_ bytes: some Collection<UInt8>) -> String {
    let count = bytes.count * 2
    // Two ASCII digits a byte, written straight into the string's storage.
    return String(unsafeUninitializedCapacity: count) { output in
      var index = 0
      for byte in bytes {
        output[index] = digit(byte >> 4)
        output[index + 1] = digit(byte & 0x0f)
        index += 2
      }
      return count
    }
  }

  @inline(__always)
  private static func digit(_ nibble: UInt8) -> UInt8 {
    nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") - 10 + nibble
  }

  /// The bytes of an even-length hexadecimal string (either case), or nil.
  package static func decode(_ text: String) -> [UInt8]? {
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
  package static func nibble(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: byte - 0x30
    case 0x61...0x66: byte - 0x61 + 10
    case 0x41...0x46: byte - 0x41 + 10
    default: nil
    }
  }
}
