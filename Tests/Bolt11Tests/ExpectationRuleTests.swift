import Secp256k1
import TestSupport
import Testing

@testable import Bolt11

/// One set of expectation rules: the payer's check and decoding evaluate the same rules, each
/// reading them with its own codes, in its own contract order.
@Suite struct ExpectationRuleTests {
  @Test("each check code is the code of one rule, in the rules' order")
  func checkCodesFollowRules() {
    let codes = ExpectationRule.allCases.map(InvoiceViolation.Code.init)
    #expect(codes == InvoiceViolation.Code.allCases)
  }

  @Test("a violation's code is its rule's")
  func violationCarriesRule() throws {
    let invoice = try InvoiceExpectationsTests.invoice()
    var expected = InvoiceExpectations()
    expected.network = .testnet
    expected.maxFinalCLTVExpiryDelta = 0
    let violations = expected.check(invoice, now: InvoiceExpectationsTests.created + 10)
    #expect(violations.map(\.rule) == [.networkMismatch, .cltvTooLarge])
    #expect(violations.map(\.code) == [.networkMismatch, .cltvTooLarge])
  }

  /// An `h` invoice for bitcoin, expired at `created + 60`.
  static func hashedInvoice() throws -> Invoice {
    try InvoiceExpectationsTests.invoice {
      $0.description = .hash(DescriptionHash(of: "the real text"))
    }
  }

  @Test("decoding reads the same rules with its codes, in its order: hash, network, clock")
  func decodeOrder() throws {
    let text = try Self.hashedInvoice().string
    let late = InvoiceExpectationsTests.created + 60
    func code(_ options: DecodeOptions) -> String? {
      do {
        _ = try Invoice.decode(text, options: options)
        return nil
      } catch {
        return error.code.rawValue
      }
    }
    // The contract's decode order: description_hash.mismatch, network.mismatch, invoice.expired.
    #expect(
      code(DecodeOptions(network: .testnet, description: "other", now: late))
        == "description_hash.mismatch")
    #expect(code(DecodeOptions(network: .testnet, now: late)) == "network.mismatch")
    #expect(code(DecodeOptions(now: late)) == "invoice.expired")
    #expect(code(DecodeOptions(now: late - 1)) == nil)
    #expect(code(DecodeOptions(network: .bitcoin, description: "the real text")) == nil)
  }

  @Test("decoding holds a `d` field to the given text, as the contract's description option says")
  func decodeDescriptionRule() throws {
    let direct = try InvoiceExpectationsTests.invoice()
    guard case .text(let text) = direct.description else {
      Issue.record("the fixture has a direct description")
      return
    }
    #expect(throws: Never.self) {
      try Invoice.decode(direct.string, options: DecodeOptions(description: text))
    }
    #expect(throws: InvoiceError.self) {
      try Invoice.decode(direct.string, options: DecodeOptions(description: text + "!"))
    }
    do {
      _ = try Invoice.decode(direct.string, options: DecodeOptions(description: "not the text"))
    } catch {
      #expect(error.code.rawValue == "description.mismatch")
      #expect(error.field == "d")
    }
  }

  @Test("the check gives the same rules their check codes")
  func checkSameRules() throws {
    let invoice = try Self.hashedInvoice()
    var expected = InvoiceExpectations()
    expected.network = .testnet
    expected.description = .text("other")
    let codes = expected.check(invoice, now: InvoiceExpectationsTests.created + 60)
      .map(\.code.rawValue)
    #expect(codes == ["check.network_mismatch", "check.description_mismatch", "check.expired"])
  }

  @Test("a payee check without `n` names the key by the recovery id, not by verifying")
  func payeeByRecoveryID() throws {
    let invoice = try InvoiceExpectationsTests.invoice()
    let expected = InvoiceExpectationsTests.key.publicKey
    // The same signature (r, s) with the other recovery id: another key recovers from it.
    let flipped = InvoiceSigner.sign(
      hrp: String(decoding: invoice.raw.hrp, as: UTF8.self),
      dataWords: Array(invoice.raw.signedWords), key: InvoiceExpectationsTests.key,
      alteration: .init(flipsRecoveryParity: true))
    let decoded = try Invoice.decode(flipped)
    // A verify-only shortcut would accept it: (r, s) still verifies against the expected key.
    #expect(
      try ECDSA.verify(
        compactSignature: decoded.signature.compact.bytes, hash: decoded.raw.signatureHash,
        publicKey: expected.bytes))
    var expectations = InvoiceExpectations()
    expectations.payees = [expected]
    #expect(decoded.payeeNodeID != expected)
    #expect(
      expectations.check(decoded, now: InvoiceExpectationsTests.created).map(\.code) == [
        .payeeMismatch
      ])
    #expect(expectations.check(invoice, now: InvoiceExpectationsTests.created).isEmpty)
  }
}
