import Bolt11
import Bolt11JSON
import Testing

/// The contract's error envelope, from its one writer.
@Suite struct ErrorEnvelopeTests {
  static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  @Test("an invoice's error: code, message, position and field, then empty warnings")
  func invoiceError() {
    var output: [UInt8] = []
    InvoiceJSON.write(
      InvoiceError(.fieldDuplicate, "two \"p\"", position: 7, field: "p"), to: &output)
    #expect(
      Self.text(output)
        == #"{"valid":false,"error":{"code":"field.duplicate","message":"two \"p\"","position":7,"field":"p"},"warnings":[]}"#
    )
  }

  @Test("a payment string's kind comes first; an entry's envelope has no warnings")
  func kindsAndEntries() {
    let fault = ErrorJSON.Fault(code: "input.lnurl", message: "an LNURL", position: 0)
    #expect(
      Self.text(ErrorJSON.bytes(fault, kind: "lnurl", withWarnings: true))
        == #"{"kind":"lnurl","valid":false,"error":{"code":"input.lnurl","message":"an LNURL","position":0},"warnings":[]}"#
    )
    #expect(
      Self.text(ErrorJSON.bytes(ErrorJSON.Fault(code: "a.b", message: "m"), withWarnings: false))
        == #"{"valid":false,"error":{"code":"a.b","message":"m"}}"#)
  }

  @Test("a position a caller set below zero is written as it is, never trapped on")
  func negativePosition() {
    let fault = ErrorJSON.Fault(code: "a.b", message: "m", position: -3)
    #expect(Self.text(ErrorJSON.bytes(fault, withWarnings: false)).contains(#""position":-3"#))
  }
}
