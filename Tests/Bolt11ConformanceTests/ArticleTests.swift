import Foundation
import TestSupport
import Testing

/// The article "Testing your decoder with the vectors" shows ArticleExampleTests.swift as this
/// target compiles and runs it, so that neither can change without the other.
@Suite struct ArticleTests {
  static func repositoryFile(_ path: String) throws -> String {
    try String(contentsOf: PackageFolder.root().appendingPathComponent(path), encoding: .utf8)
  }

  /// The lines of the Swift code block that follows `marker` in `text`, without its fences.
  static func codeBlock(in text: String, after marker: String) -> [Substring] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(of: Substring(marker)),
      lines.indices.contains(start + 1), lines[start + 1] == "```swift",
      let end = lines[(start + 2)...].firstIndex(of: "```")
    else { return [] }
    return Array(lines[(start + 2)..<end])
  }

  @Test("the article's code block is ArticleExampleTests.swift from its first import on")
  func articleShowsTheTestedCode() throws {
    let article = try Self.repositoryFile(
      "Sources/Bolt11Conformance/Bolt11Conformance.docc/TestingYourDecoderWithTheVectors.md")
    let block = Self.codeBlock(
      in: article,
      after: "<!-- The example: Tests/Bolt11ConformanceTests/ArticleExampleTests.swift -->")
    let source = try Self.repositoryFile("Tests/Bolt11ConformanceTests/ArticleExampleTests.swift")
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    let code = Array(lines.drop { !$0.hasPrefix("import ") }.dropLast())  // the final newline
    #expect(code.count > 30)
    #expect(code.first == "import Bolt11")
    #expect(block == code)
  }
}
