import Bolt11
import Bolt11JSON
import Bolt11ToolFixtures
import PaymentInput
import Testing

@testable import Bolt11Conformance
@testable import Bolt11Tool

/// Every BOLT #11 vector holds for every surface that runs it: the bare decoder
/// (`Invoice.decode`), the paste path a wallet calls (`PaymentString.invoice(in:)`), `bolt11
/// decode --json` and the line protocol (`bolt11 decode --protocol`). Where the surfaces rightly
/// differ, the vector lists every acceptable code.
@Suite struct VectorSurfacesTests {
  static let vectors: [VectorFile.Vector] = ((try? VectorFile.loadAll()) ?? []).filter {
    $0.kind == "invoice"
  }

  @Test("the vector files give invoice vectors, valid and invalid")
  func vectorsLoad() {
    #expect(Self.vectors.count > 200)
    #expect(Self.vectors.contains { $0.object["valid"]?.boolValue == false })
  }

  /// What one surface said: nil for an invoice, else the code and position.
  struct Outcome: CustomStringConvertible {
    var code: String
    var position: Int?
    var description: String { code + (position.map { " at \($0)" } ?? "") }
  }

  @Test("every surface gives the vector's verdict, code and position", arguments: vectors)
  func everySurface(_ vector: VectorFile.Vector) throws {
    let text = try #require(vector.invoice)
    let options = try VectorFile.decodeOptions(vector.options).get()
    var outcomes: [(String, Outcome?)] = []
    do throws(InvoiceError) {
      _ = try Invoice.decode(text, options: options)
      outcomes.append(("decoder", nil))
    } catch {
      outcomes.append(("decoder", Outcome(code: error.code.rawValue, position: error.position)))
    }
    do throws(PaymentStringError) {
      _ = try PaymentString.invoice(in: text, options: options)
      outcomes.append(("paste path", nil))
    } catch {
      outcomes.append(("paste path", Outcome(code: error.dottedCode, position: error.position)))
    }
    let run = runTool(
      ["decode", "--json"] + ExplainAgreementTests.flags(options) + ["--", text], now: 0)
    outcomes.append(("bolt11 decode", try Self.outcome(String(run.stdout.lines.first ?? ""))))
    let reply = ProtocolServer.answer(
      to: JSON.object([
        ("id", .unsigned(1)), ("invoice", .string(text)),
        ("options", vector.options ?? .object([])),
      ]).serialized)
    outcomes.append(("protocol", try Self.outcome(String(decoding: reply, as: UTF8.self))))
    let wantsValid = vector.object["valid"]?.boolValue ?? false
    for (surface, outcome) in outcomes {
      guard let outcome else {
        #expect(wantsValid, "\(vector): \(surface) decoded it")
        continue
      }
      #expect(
        VectorFile.checkError(outcome.code, object: vector.object, wantsValid: wantsValid) == nil,
        "\(vector): \(surface) gave \(outcome)")
      #expect(
        VectorFile.checkPosition(outcome.position, object: vector.object) == nil,
        "\(vector): \(surface) gave \(outcome)")
    }
  }

  /// The outcome a JSON line tells.
  static func outcome(_ line: String) throws -> Outcome? {
    let json = try JSON.parse(line)
    guard json["valid"] == .bool(false) else { return nil }
    return Outcome(
      code: json["error"]?["code"]?.stringValue ?? "none",
      position: json["error"]?["position"]?.unsignedValue.map { Int($0) })
  }
}
