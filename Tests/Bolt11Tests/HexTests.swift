import Bech32Codec
import Testing

@testable import Bolt11

@Suite struct HexTests {
  /// The plain reference: each byte through `String(_:radix:)`, padded to two digits.
  static func reference(_ bytes: [UInt8]) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }

  /// Every byte at each of the sixteen places of a vector step (and, through the last step that
  /// ends at the end, at each place of an overlapping one), and in inputs shorter than a step,
  /// then runs of random bytes of every length up to 80.
  static var cases: [[UInt8]] {
    var cases: [[UInt8]] = (0...15).map { Array((0...255).dropFirst($0)) }
    cases.append(Array((0...255).reversed()))
    for byte in UInt8(0)...255 {
      cases += [[byte], [0xA5, byte], [0x5A, 0xFF, byte], [1, 2, 3, 4, 0, byte, 9]]
    }
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for length in 0...80 {
      cases.append(
        (0..<length).map { _ in
          state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
          return UInt8(truncatingIfNeeded: state >> 56)
        })
    }
    return cases
  }

  @Test("encode gives String(_:radix:)'s digits for every byte at every place")
  func encodeMatchesReference() {
    for bytes in Self.cases {
      let expected = Self.reference(bytes)
      #expect(Hex.encode(bytes) == expected, "\(bytes)")
      // A collection without contiguous storage takes the other way in.
      #expect(Hex.encode(bytes.lazy.map { $0 }) == expected, "\(bytes)")
    }
  }

  @Test("write puts exactly two digits a byte where it is told, and nothing beyond")
  func writeStaysInPlace() {
    for bytes in Self.cases {
      var output = [UInt8](repeating: 0x2A, count: 2 * bytes.count + 2)
      output.withUnsafeMutableBytes { target in
        bytes.withUnsafeBytes { Hex.write($0, to: target.baseAddress! + 1) }
      }
      #expect(output == Array("*\(Self.reference(bytes))*".utf8), "\(bytes)")
    }
  }

  @Test("decode reads back what encode wrote, in either case, and refuses anything else")
  func decodeRoundTrip() {
    for bytes in Self.cases {
      #expect(Hex.decode(Hex.encode(bytes)) == bytes)
      #expect(Hex.decode(Hex.encode(bytes).uppercased()) == bytes)
    }
    for text in ["0", "abc", "0g", "g0", " 00", "0x00"] {
      #expect(Hex.decode(text) == nil, "\(text)")
    }
  }
}
