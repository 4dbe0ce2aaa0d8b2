import Bolt12
import Foundation
import TestSupport
import Testing

/// Our own offer vectors, `Vectors/bolt12.json` (kind `bolt12`): the verdict, the code and where
/// for an invalid offer, and the `expect` subset of the decoded JSON for a valid one.
@Suite struct Bolt12VectorFileTests {
  struct Vector: Sendable, CustomTestStringConvertible {
    var name: String
    /// The vector's JSON, re-serialized (a dictionary is not Sendable).
    var json: Data
    var testDescription: String { name }

    var object: [String: Any] {
      (try? JSONSerialization.jsonObject(with: json)) as? [String: Any] ?? [:]
    }
  }

  static let vectors: [Vector] = {
    guard let url = try? PackageFolder.vectors().appendingPathComponent("bolt12.json"),
      let data = try? Data(contentsOf: url),
      let file = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let list = file["vectors"] as? [[String: Any]]
    else { return [] }
    return list.compactMap { entry in
      guard let name = entry["name"] as? String,
        let json = try? JSONSerialization.data(withJSONObject: entry)
      else { return nil }
      return Vector(name: name, json: json)
    }
  }()

  @Test("the file holds its vectors") func count() {
    #expect(Self.vectors.count >= 70)
  }

  @Test("Vectors/bolt12.json", arguments: vectors)
  func run(_ vector: Vector) throws {
    let object = vector.object
    let text = try #require(object["string"] as? String)
    let given = object["options"] as? [String: Any] ?? [:]
    var options = ReadOptions()
    if let network = given["network"] as? String {
      options = try #require(ReadOptions(network: network))
    }
    options.now = (given["now"] as? NSNumber)?.uint64Value
    let wantsValid = try #require(object["valid"] as? Bool)
    switch Result(catching: { () throws(Bolt12Error) in try Offer.decode(text, options: options) })
    {
    case .success(let offer):
      #expect(wantsValid, "decoded, expected \(object["error"] ?? "an error")")
      let decoded = try #require(
        try JSONSerialization.jsonObject(with: Data(offer.json.utf8)) as? [String: Any])
      for (key, expected) in object["expect"] as? [String: Any] ?? [:] {
        let actual = decoded[key]
        #expect(
          (actual as? NSObject)?.isEqual(expected) == true,
          "\(key): \(String(describing: actual)), expected \(expected)")
      }
    case .failure(let error):
      #expect(!wantsValid, "refused: \(error)")
      let codes = (object["error"] as? [String]) ?? [(object["error"] as? String) ?? ""]
      #expect(codes.contains(error.code.rawValue), "\(error)")
      if let position = object["position"] as? Int { #expect(error.position == position) }
      if let offset = object["tlv_offset"] as? Int { #expect(error.tlvOffset == offset) }
      // The error's JSON parses and carries its code.
      let json = try JSONSerialization.jsonObject(with: Data(error.json(reading: .offer).utf8))
      #expect(
        ((json as? [String: Any])?["error"] as? [String: Any])?["code"] as? String
          == error.code.rawValue)
    }
  }
}
