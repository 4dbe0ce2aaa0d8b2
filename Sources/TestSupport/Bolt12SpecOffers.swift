import Foundation

/// BOLT #12's offer vectors (`Vectors/spec/bolt12/offers-test.json`, as published), looked up
/// by their description, for tests that take a string and its listed fields from the spec.
package enum Bolt12SpecOffers {
  package struct Missing: Error, CustomStringConvertible {
    package let description: String
  }

  /// The vector whose description is `description`.
  package static func vector(_ description: String) throws -> [String: Any] {
    let url = try PackageFolder.vectors().appendingPathComponent("spec/bolt12/offers-test.json")
    let list = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [[String: Any]]
    guard let vector = list?.first(where: { $0["description"] as? String == description }) else {
      throw Missing(description: "no offer vector \"\(description)\"")
    }
    return vector
  }

  /// The string of the vector `description`.
  package static func string(_ description: String) throws -> String {
    guard let string = try vector(description)["bolt12"] as? String else {
      throw Missing(description: "no string in \"\(description)\"")
    }
    return string
  }

  /// The hex of field `type` as the vector `description` lists it.
  package static func field(_ description: String, _ type: Int) throws -> String {
    let fields = try vector(description)["fields"] as? [[String: Any]]
    guard let hex = fields?.first(where: { $0["type"] as? Int == type })?["hex"] as? String else {
      throw Missing(description: "no field \(type) in \"\(description)\"")
    }
    return hex
  }
}
