import Bolt11
import Testing

@testable import Bolt11Tool

/// `explain` and `decode` on every vector of `Vectors/`: the same verdict, code, message and
/// position, with the vector's options (strict or compat, network, clock, description).
@Suite struct ExplainAgreementTests {
  /// Every vector's string: an invoice, or for the Bech32 and address kinds their string, which
  /// both commands must refuse alike.
  static let cases: [VectorFile.Vector] = VectorTests.vectors.filter { vector in
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
    let explained = runTool(["explain"] + Self.flags(options) + ["--", text])
    let verdict = try #require(
      explained.stdout.lines.last { $0.hasPrefix("valid: ") || $0.hasPrefix("invalid: ") },
      "\(vector): no verdict line in\n\(explained.stdout)")
    do {
      let invoice = try Invoice.decode(text, options: options)
      #expect(explained.code == 0, "\(vector)")
      #expect(verdict.hasPrefix("valid: payee \(Hex.encode(invoice.payeeNodeID)) "), "\(vector)")
    } catch {
      #expect(explained.code == 1, "\(vector)")
      #expect(verdict == "invalid: " + SafeText.escape(error.description), "\(vector)")
      // The syntax stage's fault, where it finds one, is the decoder's.
      if let fault = InvoiceSyntax(text, mode: options.mode).fault {
        #expect(fault == error, "\(vector)")
      }
      // And both are what the vector says, for invoice vectors.
      if vector.kind == "invoice" {
        #expect(
          VectorFile.checkError(error.code.rawValue, object: object, wantsValid: false) == nil,
          "\(vector)")
        #expect(VectorFile.checkPosition(error.position, object: object) == nil, "\(vector)")
      }
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
