import Bolt11
import Foundation
import OfflineReceive
import OfflineReceiveFixtures
import TestSupport
import Testing

/// The README's and the DocC catalog's code, compiled and run here, and the adapter article's
/// code checked against `Tools/adapter-guide`, so neither can rot.
@Suite struct ReadmeExampleTests {
  static let root = try! PackageFolder.root()

  /// The ```swift blocks of a Markdown file under the package root.
  static func swiftBlocks(_ path: String) throws -> [String] {
    let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    return text.components(separatedBy: "```swift\n").dropFirst().map {
      String($0.components(separatedBy: "\n```")[0])
    }
  }

  static func source(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  @Test("the README's five-line example validates an invoice for offline receive")
  func validateExample() throws {
    let ourNodeID = TestKeys.ourNodeID
    let bolt11 = TestInvoices.make(amountMsat: 1_000_000, description: .text("Coffee")).string
    let now = TestInvoices.now
    let policy = ReceivePolicy(
      amount: Millisatoshis(1_000_000), nodeID: ourNodeID, network: .regtest, description: "Coffee")
    let verdict = OfflineInvoiceValidator.validate(bolt11, policy: policy, now: now)
    if let invoice = verdict.accepted { print("show until \(invoice.displayUntil)") }
    if let rejection = verdict.rejection { print("refused: \(rejection.dottedCode)") }
    // 3600 s of expiry, shown at most 3600 s from now: until now + 3600.
    #expect(verdict.accepted?.displayUntil == now + 3600)
  }

  @Test(
    "the validation example of the README and the DocC landing page is the one this file runs",
    arguments: ["README.md", "Sources/OfflineReceive/OfflineReceive.docc/OfflineReceive.md"])
  func exampleIsTested(document: String) throws {
    let here = try Self.source("Tests/OfflineReceiveTests/ReadmeExampleTests.swift")
    let example = try #require(
      try Self.swiftBlocks(document).first { $0.contains("OfflineInvoiceValidator.validate") })
    let indented = example.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n")
    #expect(example.split(separator: "\n").count == 5)
    #expect(here.contains(indented), "the example in \(document) is not the tested one")
  }

  @Test("every Swift block of the adapter article is code of Tools/adapter-guide")
  func articleIsTheGuide() throws {
    let guide = try Self.source("Tools/adapter-guide/main.swift")
    let blocks = try Self.swiftBlocks(
      "Sources/OfflineReceive/OfflineReceive.docc/WritingAProviderAdapter.md")
    // The package manifest excerpt is the one block that is not the guide's code.
    let code = blocks.filter { !$0.hasPrefix("dependencies:") }
    #expect(code.count >= 8)
    // Whole lines only: a block cut from the middle of a line is not a step of the guide.
    for block in code {
      #expect(("\n" + guide + "\n").contains("\n\(block)\n"), "not in the guide:\n\(block)")
    }
  }

  @Test("the adapter guide stays within 250 lines")
  func guideLength() throws {
    let lines = try Self.source("Tools/adapter-guide/main.swift").split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count <= 250)
  }
}
