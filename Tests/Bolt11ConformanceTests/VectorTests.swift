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

  @Test("every rule of the payer's check is named by a check vector, every code by one alone")
  func checkRulesCovered() throws {
    let files = try VectorFile.load()
    let checkRules = files.compactMap(\.requirementIDs).joined()
      .filter { $0.hasPrefix("contract.check.") }
    #expect(checkRules.count >= 13)
    let checks = files.flatMap(\.vectors).filter { $0.kind == "check" }
    let named = Set(
      checks.flatMap { $0.object["rules"]?.arrayValue ?? [] }.compactMap(\.stringValue))
    #expect(Set(checkRules).subtracting(named) == [])
    // Each code of the contract's Payer check, alone in some vector.
    let codes = [
      "amount_missing", "amount_mismatch", "amount_too_large", "payee_mismatch", "self_payment",
      "network_mismatch", "description_mismatch", "description_hash_mismatch",
      "payment_hash_mismatch", "future_timestamp", "expired", "lifetime_too_short", "too_old",
      "cltv_too_large",
    ].map { "check.\($0)" }
    let alone = Set(
      checks.compactMap { vector -> String? in
        let found = vector.object["expect"]?["violations"]?.arrayValue ?? []
        return found.count == 1 ? found[0].stringValue : nil
      })
    #expect(Set(codes).subtracting(alone) == [])
  }

  @Test("a check vector whose codes differ from the check's, or come in another order, fails")
  func checkVectorCanFail() throws {
    let coffee = try #require(
      Self.vectors.first { $0.kind == "check" && $0.name == "amount equal" }?.invoice)
    let text = """
      {"vectors": [
        {"name": "wrong code", "kind": "check", "invoice": "\(coffee)", "valid": true,
         "options": {"now": 1496314668, "amount_msat": 1},
         "expect": {"ok": false, "violations": ["check.amount_missing"]}},
        {"name": "wrong order", "kind": "check", "invoice": "\(coffee)", "valid": true,
         "options": {"now": 1496314668, "amount_msat": 1, "network": "tb"},
         "expect": {"ok": false, "violations": ["check.network_mismatch", "check.amount_mismatch"]}},
        {"name": "said ok", "kind": "check", "invoice": "\(coffee)", "valid": true,
         "options": {"now": 1496314668, "network": "tb"}, "expect": {"ok": true}},
        {"name": "no clock", "kind": "check", "invoice": "\(coffee)", "valid": true,
         "options": {}, "expect": {"ok": true}}
      ]}
      """
    let vectors = try VectorFile(path: "v.json", text: text).vectors
    #expect(vectors.count == 4)
    for vector in vectors {
      #expect(vector.run() != .passed, "\(vector.name)")
    }
  }

  @Test("vector", arguments: vectors)
  func vector(_ vector: VectorFile.Vector) {
    let verdict = vector.run()
    #expect(verdict == .passed, "\(vector): \(verdict)")
  }
}
