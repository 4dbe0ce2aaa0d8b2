import Foundation
import TestSupport

/// Where the tests find BOLT #12's vector files and ours.
enum Bolt12Vectors {
  /// A file of BOLT #12's own vectors, copied as published into `Vectors/spec/bolt12/`.
  static func spec(_ name: String) throws -> URL {
    try PackageFolder.vectors().appendingPathComponent("spec/bolt12/\(name)")
  }

  /// The published file `name` as a JSON array of objects; empty when it cannot be read, which
  /// the count tests catch.
  static func published(_ name: String) -> [[String: Any]] {
    guard let data = try? Data(contentsOf: spec(name)),
      let list = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]
    else { return [] }
    return list
  }
}
