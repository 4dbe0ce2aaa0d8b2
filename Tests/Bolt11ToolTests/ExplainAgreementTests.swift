import Bech32Codec
import Bolt11
import Bolt11ToolFixtures
import PaymentInput
import Testing

@testable import Bolt11Conformance
@testable import Bolt11Tool

/// `explain` and `decode` on every vector of `Vectors/`: the same verdict, code, message and
/// position, with the vector's options (strict or compat, network, clock, description). Both read
/// what a command that needs an invoice reads (`PaymentString.invoice`): a string that is no
/// invoice (a Bech32 vector's string, say) is refused as what it is, by both alike. A BOLT #12
/// string is the exception: `explain` answers from its reader, `decode` refuses it.
@Suite struct ExplainAgreementTests {
  /// Every vector's string: an invoice, or for the Bech32 and address kinds their string, which
  /// both commands must refuse alike.
  static let cases: [VectorFile.Vector] = ((try? VectorFile.loadAll()) ?? []).filter { vector in
    ["invoice", "string", "address"].contains { vector.object[$0]?.stringValue != nil }
  }

  @Test("every vector file gives cases, the invalid ones included")
  func casesCoverTheFiles() {
    let files = Set(Self.cases.map(\.file))
    #expect(files.isSuperset(of: ["bolt11-spec.json", "bolt11-edge.json", "bech32.json"]))
    #expect(Self.cases.contains { $0.object["valid"]?.boolValue == false })
    #expect(Self.cases.contains { $0.object["options"]?["mode"]?.stringValue == "compat" })
  }

  @Test("explain's verdict is decode's", arguments: cases)
  func agrees(_ vector: VectorFile.Vector) throws {
    let object = vector.object
    let text = try #require(
      object["invoice"]?.stringValue ?? object["string"]?.stringValue
        ?? object["address"]?.stringValue)
    // Only invoice vectors' options are decode options; the others use the defaults.
    let given = vector.kind == "invoice" ? object["options"] : nil
    let options = try VectorFile.decodeOptions(given).get()
    guard let error = try Self.checkAgreement(text, options, "\(vector)") else { return }
    // Both are what the vector says, for invoice vectors.
    if vector.kind == "invoice" {
      #expect(
        VectorFile.checkError(error.code.rawValue, object: object, wantsValid: false) == nil,
        "\(vector)")
      #expect(VectorFile.checkPosition(error.position, object: object) == nil, "\(vector)")
    }
  }

  @Test(
    "explain's verdict is decode's on every one-byte change of a spec example",
    arguments: [0x00, 0x31, 0x51, 0x62, 0xc3] as [UInt8])
  func oneByteChanges(_ byte: UInt8) throws {
    let invoice = Array(SpecInvoice.routed.utf8)
    for position in invoice.indices {
      var changed = invoice
      changed[position] = byte
      let text = String(decoding: changed, as: UTF8.self)
      try Self.checkAgreement(text, DecodeOptions(), "byte \(byte) at \(position)")
    }
  }

  /// Runs explain and decode on `text` and checks they agree: exit code, verdict line, and the
  /// syntax stage's fault. Returns decode's error, if any.
  @discardableResult
  static func checkAgreement(_ text: String, _ options: DecodeOptions, _ name: String) throws
    -> InvoiceError?
  {
    let explained = runTool(["explain"] + Self.flags(options) + ["--", text])
    let verdict = try #require(
      explained.stdout.lines.last { $0.hasPrefix("valid: ") || $0.hasPrefix("invalid: ") },
      "\(name): no verdict line in\n\(explained.stdout)")
    // A BOLT #12 string is explained from its reader, which `decode` does not judge.
    if let kind = PaymentString.kind(of: text),
      [.bolt12Offer, .bolt12InvoiceRequest, .bolt12Invoice].contains(kind)
    {
      try checkBolt12(text, explained, verdict: String(verdict), name)
      return nil
    }
    // What both commands read: the invoice, or what the string is instead (input.*).
    do throws(PaymentStringError) {
      let invoice = try PaymentString.invoice(in: text, options: options).invoice
      #expect(explained.code == 0, "\(name)")
      #expect(
        verdict.hasPrefix("valid: payee \(Hex.encode(invoice.payeeNodeID.bytes)) "), "\(name)")
      return nil
    } catch {
      expectRefusal(error, explained, verdict: String(verdict), name)
      guard let invoiceError = error.invoiceError else { return nil }
      // The syntax stage's fault, where it finds one, is the decoder's.
      if let fault = InvoiceSyntax(text, mode: options.mode).fault {
        #expect(fault == invoiceError, "\(name)")
      }
      return invoiceError
    }
  }

  /// Exit 1 and the verdict line of a refused string: its code, message and position.
  static func expectRefusal(
    _ error: PaymentStringError, _ explained: ToolRun, verdict: String, _ name: String
  ) {
    #expect(explained.code == 1, "\(name)")
    let position = error.position.map { " (at character \($0))" } ?? ""
    #expect(
      verdict == "invalid: \(error.dottedCode): \(SafeText.escape(error.message))\(position)",
      "\(name)")
  }

  /// `explain` of a BOLT #12 string: its reader's verdict, a fault with where it lies.
  static func checkBolt12(_ text: String, _ explained: ToolRun, verdict: String, _ name: String)
    throws
  {
    do throws(PaymentStringError) {
      guard case .bolt12(let string) = try PaymentString(parsing: text) else {
        Issue.record("\(name): not read as BOLT #12")
        return
      }
      if let error = string.error {
        #expect(explained.code == 1, "\(name)")
        #expect(verdict.hasPrefix("invalid: \(error.description)"), "\(name): \(verdict)")
      } else {
        #expect(explained.code == 0, "\(name)")
        let phrase = PaymentString.kind(of: text)?.phrase ?? "?"
        #expect(verdict.hasPrefix("valid: \(phrase), "), "\(name): \(verdict)")
      }
    } catch {
      expectRefusal(error, explained, verdict: String(verdict), name)
    }
  }

  /// The command-line flags that give `options`.
  static func flags(_ options: DecodeOptions) -> [String] {
    var flags: [String] = []
    if options.mode == .compat { flags.append("--compat") }
    if options.checkRouteHintKeys { flags.append("--check-route-keys") }
    if let network = options.network { flags += ["--network", network.prefix] }
    if let description = options.description { flags += ["--description", description] }
    if let now = options.now { flags += ["--now", String(now)] }
    return flags
  }
}
