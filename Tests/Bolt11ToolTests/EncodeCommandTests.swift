import Bolt11
import Bolt11Conformance
import Bolt11JSON
import Foundation
import Secp256k1
import TestSupport
import Testing

@testable import Bolt11Tool

/// `bolt11 encode` called as a function: decode --json, then encode with the signer's key.
@Suite struct EncodeCommandTests {
  /// The BOLT #11 examples' published private key (not a real key).
  static let specKey = "e126f68f7eafcc8b74f54d269fe206be715000f94dac067d1c04a8ca3b2db734"

  static func run(
    _ arguments: [String], stdin: String = "", environment variables: [String: String] = [:]
  ) -> (code: Int32, out: String, err: String) {
    let out = BufferSink()
    let err = BufferSink()
    let environment = ToolEnvironment(
      arguments: arguments, environment: EnvironmentVariables(variables), now: { 1_496_314_658 },
      stdin: BufferSource(stdin), stdout: out, stderr: err)
    let code = Bolt11Tool.run(environment)
    return (code, out.text, err.text)
  }

  static let specInvoices: [String] = ((try? VectorFile.loadAll()) ?? [])
    .filter { $0.file == "bolt11-spec.json" && $0.object["valid"]?.boolValue == true }
    .filter {
      !$0.name.lowercased().contains("high-s")
        && $0.object["options"]?["mode"]?.stringValue != "compat"
    }
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

  /// Test keys that sign vectors: the spec's published key and the edge and offline vectors'
  /// obviously fake keys (32 bytes of 0x01, of 0x02). None is a real key.
  static let vectorKeys: [String] = [
    specKey, String(repeating: "01", count: 32), String(repeating: "02", count: 32),
  ]

  /// Every valid invoice vector, with its mode.
  static let validVectors: [VectorFile.Vector] = ((try? VectorFile.loadAll()) ?? []).filter {
    $0.object["valid"]?.boolValue == true && ($0.kind == "invoice" || $0.kind == "offline")
  }

  @Test(
    "every valid vector by a known key survives decode --json | encode --key, byte for byte",
    arguments: validVectors)
  func vectorRoundTrip(vector: VectorFile.Vector) throws {
    let invoice = try #require(vector.object["invoice"]?.stringValue)
    let compat = vector.object["options"]?["mode"]?.stringValue == "compat"
    let decoded = Self.run(["decode", "--json"] + (compat ? ["--compat"] : []) + ["--", invoice])
    guard decoded.code == 0 else { return }  // offline vectors include undecodable invoices
    let json = try JSON.parse(decoded.out)
    // A writer puts the amount in its shortest form, so a non-canonical one cannot come back.
    guard json["warnings"]?.arrayValue?.isEmpty == true,
      let payee = json["payee"]?.stringValue,
      let key = try Self.vectorKeys.first(where: { key in
        let signer = try SigningKey(secretKey: hexBytes(key))
        return hexString(signer.publicKey.bytes) == payee
      })
    else { return }
    let encoded = Self.run(
      ["encode"], stdin: decoded.out, environment: [SigningKeySource.variable: key])
    // A writer never puts a key off the curve in a route (readers need not check it).
    if try Invoice.decode(invoice, options: DecodeOptions(mode: compat ? .compat : .strict))
      .routeHints.contains(where: { $0.hops.contains { !$0.hasValidNodeID } })
    {
      #expect(encoded.code == 1)
      #expect(encoded.err.hasPrefix("error: build.invalid_route"))
      return
    }
    #expect(encoded.code == 0, "\(encoded.err)")
    let trimmed = invoice.trimmingCharacters(in: .whitespacesAndNewlines)
    let bare =
      trimmed.lowercased().hasPrefix("lightning:") ? String(trimmed.dropFirst(10)) : trimmed
    // 104 signature and 6 checksum characters end every invoice: all before them must come back.
    let out = encoded.out.trimmingCharacters(in: .newlines)
    #expect(out.dropLast(110) == bare.lowercased().dropLast(110))
    // The whole string comes back unless the vector's signature was altered by hand after signing
    // (high-S, another recovery id): our signer makes the RFC 6979 signature only.
    let original = try Invoice.decode(
      bare, options: DecodeOptions(mode: compat ? .compat : .strict))
    let signed = try SigningKey(secretKey: hexBytes(key)).signRecoverable(
      hash: original.raw.signatureHash)
    if signed.compactSignature == original.signature.compact.bytes
      && signed.recoveryID == original.signature.recoveryID
    {
      #expect(out == bare.lowercased())
    }
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
