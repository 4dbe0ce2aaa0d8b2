import Foundation

/// The Swift code of a DocC article, checked against the test file that runs it: every
/// ` ```swift ` block of the article must stand in the file line for line (indentation aside),
/// so that neither changes without the other.
package enum ArticleCode {
  /// The article's Swift blocks, each line without its leading spaces.
  package static func swiftBlocks(ofArticle article: String) -> [[String]] {
    var blocks: [[String]] = []
    var current: [String]?
    for line in article.split(separator: "\n", omittingEmptySubsequences: false) {
      if current == nil, line == "```swift" {
        current = []
      } else if current != nil, line == "```" {
        blocks.append(current!)
        current = nil
      } else if current != nil {
        current!.append(String(line.drop { $0 == " " }))
      }
    }
    return blocks
  }

  /// The blocks of the article at `articlePath` (from the package root) that the source file at
  /// `sourcePath` does not hold; `import` lines are left out, since they stand at the top of the
  /// source file.
  package static func blocksMissing(from articlePath: String, in sourcePath: String) throws
    -> (blocks: Int, missing: [String])
  {
    let root = try PackageFolder.root()
    let article = try String(
      contentsOf: root.appendingPathComponent(articlePath), encoding: .utf8)
    let source = try String(contentsOf: root.appendingPathComponent(sourcePath), encoding: .utf8)
    let sourceLines = source.split(separator: "\n", omittingEmptySubsequences: false).map {
      String($0.drop { $0 == " " })
    }
    let blocks = swiftBlocks(ofArticle: article)
    let missing = blocks.filter { block in
      let code = block.filter { !$0.hasPrefix("import ") }.drop { $0.isEmpty }
      return !sourceLines.indices.contains { sourceLines[$0...].starts(with: code) }
    }
    return (blocks.count, missing.map { $0.joined(separator: "\n") })
  }
}
