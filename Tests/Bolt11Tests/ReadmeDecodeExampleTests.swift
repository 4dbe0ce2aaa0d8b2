import Bolt11
import Foundation
import Secp256k1
import TestSupport
import Testing

/// The README's five-line decode example: compiled and run here, and compared line by line with
/// the README, so that neither can change without the other.
@Suite struct ReadmeDecodeExampleTests {
  /// The lines between `// README decode example` and `// end`, without their indentation.
  static func exampleLines(in text: String, from start: String, to end: String) -> [String] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    guard let first = lines.firstIndex(of: start),
      let last = lines[first...].firstIndex(where: { $0 == end })
    else { return [] }
    return Array(lines[(first + 1)..<last])
  }

  static func repositoryFile(_ name: String) throws -> String {
    try String(contentsOf: PackageFolder.root().appendingPathComponent(name), encoding: .utf8)
  }

  @Test("the README's decode example runs and gives the spec's values")
  func decodeExample() throws {
    // BOLT #11, "Please send $3 for a cup of coffee to the same peer, within one minute".
    let text = try #require(SpecVector.all.first { $0.name.hasPrefix("Please send $3") }).invoice

    // README decode example
    let invoice = try Invoice.decode(text, options: DecodeOptions(network: .bitcoin))
    let amount = invoice.amount  // 250000000 msat; nil when the payer chooses
    let payee = invoice.payeeNodeID  // PublicKey 03e7156a...; checked against the signature
    let memo = invoice.description.displayText  // "1 cup coffee", safe to show
    // end

    // The spec's values: 2500u is 250,000,000 msat, "to me @03e7156a...", "1 cup coffee".
    #expect(amount == Millisatoshis(250_000_000))
    #expect(payee.bytes.prefix(4) == [0x03, 0xe7, 0x15, 0x6a] && payee.bytes.count == 33)
    #expect(memo == "1 cup coffee")
  }

  @Test("the README shows the decode example as the test runs it")
  func readmeMatches() throws {
    let test = Self.exampleLines(
      in: try Self.repositoryFile("Tests/Bolt11Tests/ReadmeDecodeExampleTests.swift"),
      from: "// README decode example", to: "// end")
    #expect(test.count == 4)
    let readme = try Self.repositoryFile("README.md")
    let marker = "<!-- The decode example: Tests/Bolt11Tests/ReadmeDecodeExampleTests.swift -->"
    let block = Self.exampleLines(in: readme, from: marker, to: "```")
    // The block: the fence line, `import Bolt11`, a blank line, then the test's lines.
    #expect(Array(block.dropFirst(3)) == test)
    #expect(block.prefix(3) == ["```swift", "import Bolt11", ""])
  }

  @Test("the README's payer example refuses the coffee invoice for a different order")
  func payerExample() throws {
    let text = try #require(SpecVector.all.first { $0.name.hasPrefix("Please send $3") }).invoice
    let invoice = try Invoice.decode(text)
    let myNodeID = try #require(
      PublicKey(hex: "031b84c5567b126440995d3ed5aaba0565d71e1834604819ff9c17f5e9d5dd078f"))
    let now: UInt64 = 1_496_314_668  // ten seconds after the invoice was made

    // README payer example
    var expected = InvoiceExpectations()
    expected.amount = Millisatoshis(250_000_001)  // the order's amount, to the msat
    expected.ownNodeIDs = [myNodeID]  // never pay our own invoice
    expected.maxFinalCLTVExpiryDelta = 144  // how long the payee may hold the payment
    let violations = expected.check(invoice, now: now)  // every violation, none skipped
    // end

    // The spec's invoice asks 250,000,000 msat: one violation, with both values.
    #expect(violations.map(\.code) == [.amountMismatch])
    #expect(violations.first?.expected == .integer(250_000_001))
    #expect(violations.first?.found == .integer(250_000_000))
  }

  @Test("the README shows the payer example as the test runs it")
  func readmePayerMatches() throws {
    let test = Self.exampleLines(
      in: try Self.repositoryFile("Tests/Bolt11Tests/ReadmeDecodeExampleTests.swift"),
      from: "// README payer example", to: "// end")
    #expect(test.count == 5)
    let readme = try Self.repositoryFile("README.md")
    let marker = "<!-- The payer example: Tests/Bolt11Tests/ReadmeDecodeExampleTests.swift -->"
    let block = Self.exampleLines(in: readme, from: marker, to: "```")
    #expect(Array(block.dropFirst()) == test)
    #expect(block.first == "```swift")
  }
}
