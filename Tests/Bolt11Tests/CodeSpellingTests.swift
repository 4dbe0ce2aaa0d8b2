import Bech32Codec
import Testing

@testable import Bolt11

/// Each dotted code is spelled once: `InvoiceError` carries Bech32's codes, and a compat-mode
/// warning the code with which strict mode refuses.
@Suite struct CodeSpellingTests {
  @Test("the bech32 codes of an invoice are Bech32's, mapped one to one")
  func bech32Codes() {
    for code in Bech32Error.Code.allCases {
      let error = InvoiceError(Bech32Error(code, "x"), offset: 0)
      #expect(error.code.rawValue == code.rawValue)
      #expect(error.cause?.code == code)
    }
    let bech32 = InvoiceError.Code.allCases.filter { $0.rawValue.hasPrefix("bech32.") }
    #expect(bech32.count == Bech32Error.Code.allCases.count)
  }

  @Test("every code reads back from its dotted string, and no two share one")
  func roundTrip() {
    let raw = InvoiceError.Code.allCases.map(\.rawValue)
    #expect(Set(raw).count == raw.count)
    for code in InvoiceError.Code.allCases {
      #expect(InvoiceError.Code(rawValue: code.rawValue) == code)
    }
    for warning in InvoiceWarning.allCases {
      #expect(InvoiceWarning(rawValue: warning.rawValue) == warning)
    }
    #expect(InvoiceError.Code(rawValue: "bech32.nothing") == nil)
    #expect(InvoiceWarning(rawValue: "invoice.expired") == nil)
  }

  // The contract: compat mode reports these four refusals as warnings under the same codes.
  @Test("a compat-mode warning carries strict mode's code")
  func compatCodes() {
    let shared: [(InvoiceWarning, InvoiceError.Code)] = [
      (.hrpUnknownPrefix, .hrpUnknownPrefix), (.fieldInvalidUTF8, .fieldInvalidUTF8),
      (.featuresUnknownRequired, .featuresUnknownRequired),
      (.fieldMissingPaymentSecret, .fieldMissingPaymentSecret),
    ]
    for (warning, code) in shared { #expect(warning.rawValue == code.rawValue) }
    #expect(InvoiceWarning.fieldMissingPaymentSecret.rawValue == "field.missing_payment_secret")
    #expect(InvoiceError.Code.bech32Checksum.rawValue == "bech32.checksum")
  }
}
