import Bolt11
import Foundation
import Testing

/// `Bytes32Value`: the one template the three 32-byte values take their API from.
@Suite struct Bytes32ValueTests {
  /// The template's promises, for any conforming type.
  static func check<Value: Bytes32Value>(_ type: Value.Type, name: String) throws {
    #expect(Value.byteCount == 32)
    #expect(Value.valueName == name)
    let bytes = (0..<32).map { UInt8($0 * 7 + 3) }
    let value = try #require(Value(bytes: bytes))
    #expect(value.bytes == bytes)
    #expect(Value(bytes: bytes.dropLast()) == nil)
    let hex = bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    #expect(value.description == hex)
    #expect(Value(hex: hex.uppercased()) == value)
    // The Codable error names the value.
    let bad = Data(#"["abc"]"#.utf8)
    do {
      _ = try JSONDecoder().decode([Value].self, from: bad)
      Issue.record("\(name): bad hex decoded")
    } catch {
      #expect("\(error)".contains("32-byte \(name)"), "\(error)")
    }
  }

  @Test("payment hash, payment secret and description hash share the template")
  func template() throws {
    try Self.check(PaymentHash.self, name: "payment hash")
    try Self.check(PaymentSecret.self, name: "payment secret")
    try Self.check(DescriptionHash.self, name: "description hash")
  }
}
