import Foundation
import TestSupport
import Testing

@testable import Bolt11Conformance
@testable import Bolt11Tool

/// Every vector in `Vectors/*.json`, one test case each: the same runner as `bolt11 vectors`.
@Suite struct VectorTests {
  /// The `Vectors/` folder of this package.
  static let folder: String? = try? PackageFolder.vectors().path

  static let vectors: [VectorFile.Vector] = {
    guard let folder else { return [] }
    let paths = FileSource.jsonFiles(under: folder) ?? []
    return paths.flatMap { path -> [VectorFile.Vector] in
      guard let text = try? String(contentsOfFile: path, encoding: .utf8),
        let file = try? VectorFile(path: path, text: text)
      else { return [] }
      return file.vectors
    }
  }()

  @Test("the vector files load, with the spec's 27 BOLT #11 cases")
  func filesLoad() {
    let spec = Self.vectors.filter { $0.file == "bolt11-spec.json" }
    #expect(spec.count == 27)
    #expect(Self.vectors.count > spec.count)
  }

  @Test("a rules id that requirements.json does not define is reported, a defined one is not")
  func unknownRules() throws {
    let requirements = try VectorFile(
      path: "requirements.json", text: #"{"requirements": [{"id": "bolt11.reader.checksum"}]}"#)
    let vectors = try VectorFile(
      path: "v.json",
      text: #"{"vectors": [{"name": "a", "rules": ["bolt11.reader.checksum", "x.unknown"]}]}"#)
    #expect(VectorFile.unknownRules(in: [vectors]).isEmpty)
    #expect(
      VectorFile.unknownRules(in: [requirements, vectors]) == [
        "v.json: a: unknown rule id x.unknown"
      ])
  }

  @Test("vector", arguments: vectors)
  func vector(_ vector: VectorFile.Vector) {
    let failure = VectorFile.run(vector)
    #expect(failure == nil, "\(vector): \(failure ?? "")")
  }
}
