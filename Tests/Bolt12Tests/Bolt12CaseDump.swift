import Bolt12
import Foundation
import Testing

/// Writes the cases as JSON lines to the file named by `BOLT12_CASE_DUMP`, for
/// `Tools/vectors/make_bolt12_signed_vectors.py`, which turns them into vector files after an
/// independent check of every root and signature. Does nothing without the variable.
@Suite struct Bolt12CaseDump {
  @Test(
    "dump the request and invoice cases",
    .enabled(if: ProcessInfo.processInfo.environment["BOLT12_CASE_DUMP"] != nil))
  func dump() throws {
    let path = try #require(ProcessInfo.processInfo.environment["BOLT12_CASE_DUMP"])
    var lines: [String] = []
    for row in Bolt12Cases.requests + Bolt12Cases.invoices {
      var object: [String: Any] = [
        "name": row.name, "kind": row.kind.rawValue, "string": row.string,
        "warnings": row.warnings.map(\.rawValue),
      ]
      if let now = row.now { object["now"] = now }
      if let network = row.network { object["network"] = network }
      if let error = row.error { object["error"] = error.rawValue }
      if let field = row.field { object["field"] = field }
      let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
      lines.append(String(decoding: data, as: UTF8.self))
    }
    try (lines.joined(separator: "\n") + "\n").write(
      toFile: path, atomically: true, encoding: .utf8)
  }
}
