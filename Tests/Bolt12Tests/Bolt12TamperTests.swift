import Bolt12
import Testing

/// A signed request or invoice changed anywhere is refused, and every truncation is refused
/// without a trap.
@Suite struct Bolt12TamperTests {
  static let signed: [Bolt12Cases.Case] = [Bolt12Cases.requests[0], Bolt12Cases.invoices[0]]

  static func decode(_ kind: StringForm.Kind, _ bytes: [UInt8]) -> Result<Void, Bolt12Error> {
    let text = StringForm(kind: kind, bytes: bytes).text
    return Result { () throws(Bolt12Error) in
      if kind == .invoice {
        _ = try Bolt12Invoice.decode(text)
      } else {
        _ = try InvoiceRequest.decode(text)
      }
    }
  }

  @Test("flipping any bit of any byte is refused", arguments: signed)
  func flips(_ row: Bolt12Cases.Case) throws {
    let bytes = try StringForm(parsing: row.string).bytes
    guard case .success = Self.decode(row.kind, bytes) else {
      Issue.record("the unchanged string is refused")
      return
    }
    var accepted: [String] = []
    for index in bytes.indices {
      for bit: UInt8 in [0x01, 0x80] {
        var changed = bytes
        changed[index] ^= bit
        if case .success = Self.decode(row.kind, changed) {
          accepted.append("byte \(index) bit \(bit)")
        }
      }
    }
    #expect(accepted.isEmpty, "accepted after a change: \(accepted.prefix(5))")
  }

  @Test("every truncation is refused", arguments: signed)
  func truncations(_ row: Bolt12Cases.Case) throws {
    let bytes = try StringForm(parsing: row.string).bytes
    var accepted: [Int] = []
    for length in 0..<bytes.count {
      if case .success = Self.decode(row.kind, Array(bytes.prefix(length))) {
        accepted.append(length)
      }
    }
    #expect(accepted.isEmpty, "accepted when cut to \(accepted.prefix(5)) bytes")
  }
}
