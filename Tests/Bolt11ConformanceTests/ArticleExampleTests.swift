// The code of the article "Testing your decoder with the vectors"
// (Sources/Bolt11Conformance/Bolt11Conformance.docc): the article shows this file from its first
// import on, and ArticleTests checks that it does. Public API only: no @testable import.

import Bolt11
import Bolt11Conformance
import Bolt11JSON
import Testing

/// The decoder under test against every invoice vector of swift-bolt11: one test case each.
@Suite struct DecoderConformanceTests {
  @Test(arguments: try VectorFile.loadAll().filter { $0.kind == "invoice" })
  func vector(_ vector: VectorFile.Vector) {
    let verdict = DecoderScore.score(vector, answer: Self.decode(vector))
    if case .failed(let reason) = verdict {
      Issue.record("\(vector): \(reason)")
    }
  }

  /// The decoder under test, answering as the contract's line protocol does: the decoded
  /// invoice's JSON, an error with its code, or the name of an option it cannot apply.
  static func decode(_ vector: VectorFile.Vector) -> JSON {
    let given = vector.options
    var options = DecodeOptions()
    if given?["mode"]?.stringValue == "compat" { options.mode = .compat }
    if let name = given?["network"]?.stringValue {
      guard let network = Currency(name: name) else {
        return .object([("unsupported", .string("network"))])
      }
      options.network = network
    }
    options.now = given?["now"]?.unsignedValue
    options.description = given?["description"]?.stringValue
    options.checkRouteHintKeys = given?["check_route_keys"]?.boolValue ?? false
    do {
      return JSON(try Invoice.decode(vector.invoice ?? "", options: options))
    } catch {
      let code = JSON.string(error.code.rawValue)
      return .object([("valid", .bool(false)), ("error", .object([("code", code)]))])
    }
  }
}
