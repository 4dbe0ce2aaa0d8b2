import Foundation
import Testing

@testable import Bolt11Tool

/// `bolt11 encode` called as a function: decode --json, then encode with the signer's key.
@Suite struct EncodeCommandTests {
  /// The BOLT #11 examples' published private key (not a real key).
  static let specKey = "e126f68f7eafcc8b74f54d269fe206be715000f94dac067d1c04a8ca3b2db734"

  static func run(_ arguments: [String], stdin: String = "") -> (code: Int32, out: String, err: String) {
    let out = BufferSink()
    let err = BufferSink()
    let environment = ToolEnvironment(
      arguments: arguments, now: { 1_496_314_658 }, stdin: BufferSource(stdin), stdout: out,
      stderr: err)
    let code = Bolt11Tool.run(environment)
    return (code, out.text, err.text)
  }

  static let specInvoices: [String] = VectorTests.vectors
    .filter { $0.file == "bolt11-spec.json" && $0.object["valid"]?.boolValue == true }
    .filter { !$0.name.lowercased().contains("high-s") && $0.object["options"]?["mode"]?.stringValue != "compat" }
    .compactMap { $0.object["invoice"]?.stringValue }

  @Test("decode then encode with the signer's key gives the same invoice", arguments: specInvoices)
  func roundTrip(invoice: String) throws {
    let decoded = Self.run(["decode", "--json", invoice])
    #expect(decoded.code == 0)
    let encoded = Self.run(["encode", "--key", Self.specKey], stdin: decoded.out)
    #expect(encoded.code == 0, "\(encoded.err)")
    #expect(encoded.out == invoice.lowercased() + "\n")
    let again = Self.run(["decode", "--json", invoice.lowercased()])
    let original = try JSON.parse(decoded.out)
    #expect(try JSON.parse(again.out) == original)
  }

  @Test("--upper prints the invoice in upper case")
  func upper() throws {
    let invoice = try #require(Self.specInvoices.first)
    let decoded = Self.run(["decode", "--json", invoice])
    let encoded = Self.run(["encode", "--key", Self.specKey, "--upper"], stdin: decoded.out)
    #expect(encoded.out == invoice.uppercased() + "\n")
  }

  @Test("a missing key is a usage error (exit 2)")
  func missingKey() {
    let result = Self.run(["encode"], stdin: "{}")
    #expect(result.code == 2)
    #expect(result.err.hasPrefix("error: usage:"))
  }

  @Test("JSON without created_at is refused (exit 1)")
  func missingCreatedAt() {
    let json = """
      {"currency":"bc","payment_hash":"\(String(repeating: "00", count: 32))",
       "payment_secret":"\(String(repeating: "11", count: 32))","description":"x"}
      """
    let result = Self.run(["encode", "--key", Self.specKey], stdin: json)
    #expect(result.code == 1)
    #expect(result.err.contains("created_at"))
  }
}
