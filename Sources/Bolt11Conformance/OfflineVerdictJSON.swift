import Bolt11JSON
import OfflineReceive

/// The offline-receive check's verdict as the contract writes it: what `bolt11 validate` prints,
/// and what `kind: offline` vectors are compared with.
package enum OfflineVerdictJSON {
  /// The contract's verdict: `{"ok": true, "display_until", ...decoded}` or
  /// `{"ok": false, "error": {"code", "message"}}`.
  package static func verdict(_ verdict: Result<AcceptedInvoice, OfflineRejection>) -> JSON {
    switch verdict {
    case .success(let accepted):
      var members: [(String, JSON)] = [
        ("ok", .bool(true)), ("display_until", .unsigned(accepted.displayUntil)),
      ]
      // The decoded invoice's members follow, as `invoice.json` writes them.
      if case .object(let decoded) = JSON(accepted.invoice) { members += decoded }
      return .object(members)
    case .failure(let rejection):
      return rejected(code: rejection.dottedCode, message: rejection.message)
    }
  }

  /// `{"ok": false, "error": {"code", "message"}}`.
  package static func rejected(code: String, message: String) -> JSON {
    .object([
      ("ok", .bool(false)),
      ("error", .object([("code", .string(code)), ("message", .string(message))])),
    ])
  }
}
