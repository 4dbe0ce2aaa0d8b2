import Bolt11Conformance
import Testing

/// Every vector in `Vectors/*.json`, one test case each: the same runner as `bolt11 vectors`.
@Suite struct VectorTests {
  static let vectors: [VectorFile.Vector] = (try? VectorFile.loadAll()) ?? []

  @Test("the vector files load, with the spec's 27 BOLT #11 cases")
  func filesLoad() throws {
    let vectors = try VectorFile.loadAll()
    let spec = vectors.filter { $0.file == "bolt11-spec.json" }
    #expect(spec.count == 27)
    #expect(vectors.count > spec.count)
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

  @Test("every rules id of Vectors/ is defined by its requirements.json")
  func rulesDefined() throws {
    let files = try VectorFile.load()
    #expect(files.contains { $0.requirementIDs != nil })
    #expect(VectorFile.unknownRules(in: files) == [])
  }

  @Test("every invoice and offline vector names the rules it exercises")
  func vectorsNameRules() throws {
    let unnamed = try VectorFile.loadAll()
      .filter { ["invoice", "offline"].contains($0.kind) }
      .filter { $0.object["rules"]?.arrayValue?.isEmpty ?? true }
    #expect(unnamed.map(\.description) == [])
  }

  @Test("every rule of the offline check in requirements.json is named by an offline vector")
  func offlineRulesCovered() throws {
    let files = try VectorFile.load()
    let offlineRules = files.compactMap(\.requirementIDs).joined()
      .filter { $0.hasPrefix("contract.offline.") }
    #expect(offlineRules.count >= 7)
    let named = Set(
      files.flatMap(\.vectors).filter { $0.kind == "offline" }
        .flatMap { $0.object["rules"]?.arrayValue ?? [] }.compactMap(\.stringValue))
    #expect(Set(offlineRules).subtracting(named) == [])
  }

  @Test("vector", arguments: vectors)
  func vector(_ vector: VectorFile.Vector) {
    let verdict = vector.run()
    #expect(verdict == .passed, "\(vector): \(verdict)")
  }
}
