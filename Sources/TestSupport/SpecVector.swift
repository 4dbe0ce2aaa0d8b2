import Foundation

/// The BOLT #11 examples from `Vectors/bolt11-spec.json`, found by walking up from this file.
///
/// Vectors are data and live once, in `Vectors/`; tests read them rather than copy them. A test
/// reports each vector by its name (`description`).
package struct SpecVector: Sendable, CustomStringConvertible {
  package var name: String
  package var invoice: String
  package var valid: Bool
  package var compat: Bool

  package var description: String { name }

  package static func load(_ file: String = "bolt11-spec.json") throws -> [SpecVector] {
    let data = try Data(contentsOf: PackageFolder.vectors().appendingPathComponent(file))
    let root = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    let vectors = root?["vectors"] as? [[String: Any]] ?? []
    return vectors.compactMap { vector in
      guard let invoice = vector["invoice"] as? String else { return nil }
      let options = vector["options"] as? [String: Any]
      return SpecVector(
        name: vector["name"] as? String ?? "?", invoice: invoice,
        valid: vector["valid"] as? Bool ?? false, compat: options?["mode"] as? String == "compat")
    }
  }
}

extension SpecVector {
  package static let all: [SpecVector] = (try? load()) ?? []
  package static let valid = all.filter(\.valid)
}
