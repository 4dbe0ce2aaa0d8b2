import Bolt11ToolFixtures
import PaymentInput
import TestSupport
import Testing

/// `bolt11 explain` of what a `bitcoin:` URI carries: a percent-encoded `lightning=` invoice is
/// cut up once decoded, and an `lno=` offer is cut into its records (see also
/// `ExplainOfferTests`); every position counts characters (Unicode scalars) in the string as
/// given. Strings: BOLT #11's
/// coffee invoice and BOLT #12's offer vectors.
@Suite struct ExplainURITests {
  /// `lnbc` written as `%6C%6E%62%63`: four characters become twelve.
  static let encodedPrefix = "%6C%6E%62%63"
  static let encodedCoffee = encodedPrefix + SpecInvoice.coffee.dropFirst(4)
  static let now = ["--now", String(SpecInvoice.timestamp)]

  /// `position` right-aligned in five columns, as the breakdown's first column shows it.
  static func column(_ position: Int) -> String {
    String(repeating: " ", count: 5 - String(position).count) + String(position)
  }

  @Test(
    "bolt12-issue39: a percent-encoded lightning= invoice is cut up decoded, at the given positions"
  )
  func percentEncodedInvoice() {
    // "Café" is four characters and five bytes: positions count characters.
    let uri = "bitcoin:?label=Café&lightning=" + Self.encodedCoffee
    let start = "bitcoin:?label=Café&lightning=".unicodeScalars.count
    let run = runTool(["explain", uri] + Self.now)
    #expect(run.code == 0, "\(run.stdout)\(run.stderr)")
    #expect(
      run.stdout.hasPrefix(
        "given: a bitcoin: URI (BIP-321); its lightning= invoice starts at character \(start)"),
      "\(run.stdout)")
    #expect(run.stdout.contains("\(Self.column(start))  lnbc        prefix"), "\(run.stdout)")
    // "2500u" follows the twelve characters that encode "lnbc".
    #expect(run.stdout.contains("\(Self.column(start + 12))  2500u       amount"), "\(run.stdout)")
    // "1" then the 7-character timestamp: unescaped, one character per byte again.
    #expect(run.stdout.contains("\(Self.column(start + 18))  pvjluez"), "\(run.stdout)")
    #expect(!run.stdout.contains("%6C"))
    #expect(run.stdout.split(separator: "\n").last?.hasPrefix("valid: payee ") == true)
  }

  @Test("bolt12-issue39: a fault in a percent-encoded invoice is pointed at in the string as given")
  func percentEncodedFault() throws {
    // The timestamp's first character "p" becomes "b", which Bech32 does not use.
    var invoice = Array(Self.encodedCoffee)
    let decodedIndex = 4 + 5 + 1  // after "lnbc", "2500u" and "1"
    let rawIndex = decodedIndex + 8  // the prefix takes eight characters more
    #expect(invoice[rawIndex] == "p")
    invoice[rawIndex] = "b"
    let prefix = "bitcoin:?label=Café&lightning="
    let uri = prefix + String(invoice)
    let position = prefix.unicodeScalars.count + rawIndex
    let run = runTool(["explain", uri] + Self.now)
    #expect(run.code == 1)
    let verdict = try #require(run.stdout.split(separator: "\n").last.map(String.init))
    #expect(verdict.hasPrefix("invalid: bech32.invalid_character: "), "\(verdict)")
    #expect(verdict.hasSuffix("(at character \(position))"), "\(verdict)")
    // decode says the same position.
    let decoded = runTool(["decode", uri] + Self.now)
    #expect(decoded.stderr.contains("(at character \(position))"), "\(decoded.stderr)")
    // The parts before the fault are shown at their given positions.
    #expect(run.stdout.contains("\(Self.column(prefix.unicodeScalars.count))  lnbc"))
  }

  @Test("bolt12-issue40: a URI's broken lno= offer: its records, then the rule it breaks")
  func brokenOfferInURI() throws {
    let text = try Bolt12VectorFiles.string("Malformed: unknown even TLV type 78")
    let run = runTool(["explain", "bitcoin:?lno=" + text])
    #expect(run.code == 1)
    let last = try #require(run.stdout.split(separator: "\n").last.map(String.init))
    // Records 10 (2 + 5 bytes) and 22 (2 + 33 bytes) first: the even one at byte 42.
    #expect(last.hasPrefix("invalid: bolt12.unknown_even: "), "\(last)")
    #expect(last.hasSuffix("(at byte 42 of the data, type 72)"), "\(last)")
    #expect(run.stderr.hasPrefix("error: bolt12.unknown_even: "), "\(run.stderr)")
    // A fault of the string form is at its character in the whole string: "B" in a lower-case
    // offer, after "bitcoin:?label=Café&lno=lno1" and two characters.
    let prefix = "bitcoin:?label=Café&lno="
    let mixed = prefix + "lno1qqB"
    let form = runTool(["explain", mixed])
    #expect(form.code == 1)
    let verdict = try #require(form.stdout.split(separator: "\n").last.map(String.init))
    #expect(verdict.hasPrefix("invalid: bolt12.malformed: "), "\(verdict)")
    let expected = try PaymentString(parsing: mixed)
    guard case .bip321(let uri) = expected, let error = uri.entryError else {
      Issue.record("no entry error")
      return
    }
    #expect(verdict.hasSuffix("(at character \(try #require(error.position)))"), "\(verdict)")
    #expect(error.position.map { $0 >= prefix.unicodeScalars.count } == true)
  }

  @Test("bolt12-issue40: a URI with a lightning= invoice and an lno= offer explains the invoice")
  func invoiceFirst() throws {
    let offer = try Bolt12VectorFiles.string("with currency")
    let run = runTool(
      ["explain", "bitcoin:?lno=" + offer + "&lightning=" + SpecInvoice.coffee] + Self.now)
    #expect(run.code == 0, "\(run.stderr)")
    #expect(run.stdout.contains("its lightning= invoice starts at character"))
  }
}
