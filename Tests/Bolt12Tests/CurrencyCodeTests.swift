import Bolt12
import Foundation
import TestSupport
import Testing

/// `CurrencyCode` against ISO 4217's list one as SIX publishes it, pinned in
/// `Vectors/spec/iso-4217-list-one.xml` (published 2026-01-01; where it came from is in
/// `Vectors/spec/README.md`).
@Suite struct CurrencyCodeTests {
  /// The list's codes with their minor units (nil for "N.A."), read from the XML text.
  static let reference: [String: Int?] = {
    guard
      let url = try? PackageFolder.vectors().appendingPathComponent(
        "spec/iso-4217-list-one.xml"),
      let text = try? String(contentsOf: url, encoding: .utf8)
    else { return [:] }
    var codes: [String: Int?] = [:]
    for entry in text.components(separatedBy: "<CcyNtry>").dropFirst() {
      guard let code = entry.firstMatch(of: /<Ccy>([A-Z]{3})<\/Ccy>/)?.output.1,
        let units = entry.firstMatch(of: /<CcyMnrUnts>([^<]*)<\/CcyMnrUnts>/)?.output.1
      else { continue }
      codes[String(code)] = Int(units)
    }
    return codes
  }()

  @Test("the pinned list is SIX's of 2026-01-01, with its 178 codes") func pinned() throws {
    let url = try PackageFolder.vectors().appendingPathComponent("spec/iso-4217-list-one.xml")
    let text = try String(contentsOf: url, encoding: .utf8)
    #expect(text.contains(#"<ISO_4217 Pblshd="2026-01-01">"#))
    #expect(Self.reference.count == 178)
  }

  @Test("every code of the list has its minor unit, N.A. none") func listed() {
    for (code, units) in Self.reference {
      #expect(CurrencyCode.isListed(code), "\(code)")
      #expect(CurrencyCode.minorUnit(code) == units, "\(code)")
    }
  }

  @Test("no code outside the list is listed: all 17,576 three-letter codes") func unlisted() {
    let letters = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }
    var differing: [String] = []
    for first in letters {
      for second in letters {
        for third in letters {
          let code = first + second + third
          if CurrencyCode.isListed(code) != (Self.reference[code] != nil) { differing.append(code) }
        }
      }
    }
    #expect(differing == [])
  }

  @Test(
    "the replaced and withdrawn codes are gone, their successors listed",
    arguments: [
      // Netherlands Antillean guilder → Caribbean guilder (2025); Sierra Leone's old leone;
      // Zimbabwe dollar → ZiG; Cuba's convertible peso; Bulgaria's lev and Croatia's kuna (euro).
      ("ANG", nil), ("XCG", 2), ("SLL", nil), ("SLE", 2), ("ZWL", nil), ("ZWG", 2),
      ("CUC", nil), ("BGN", nil), ("HRK", nil), ("VES", 2), ("VED", 2), ("XAD", 2),
    ] as [(String, Int?)])
  func replaced(_ code: String, units: Int?) {
    #expect(CurrencyCode.isListed(code) == (units != nil))
    #expect(CurrencyCode.minorUnit(code) == units)
  }
}
