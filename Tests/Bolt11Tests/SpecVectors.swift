import Foundation
import Testing

/// The BOLT #11 examples from `Vectors/bolt11-spec.json`, found by walking up from this file.
///
/// Vectors are data and live once, in `Vectors/`; tests read them rather than copy them.
struct SpecVector: Sendable, CustomTestStringConvertible {
  var name: String
  var invoice: String
  var valid: Bool
  var compat: Bool

  var testDescription: String { name }

  static func load(_ file: String = "bolt11-spec.json") throws -> [SpecVector] {
    var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Vectors").path)
    {
      let parent = directory.deletingLastPathComponent()
      guard parent != directory else { throw CocoaError(.fileNoSuchFile) }
      directory = parent
    }
    let data = try Data(contentsOf: directory.appendingPathComponent("Vectors/\(file)"))
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
  static let all: [SpecVector] = (try? load()) ?? []
  static let valid = all.filter(\.valid)
}

/// Test keys and values. `specKey` is the BOLT #11 examples' published private key; the others are
/// obviously fake constants. None is a real key.
enum TestKeys {
  static let specKey: [UInt8] = hex(
    "e126f68f7eafcc8b74f54d269fe206be715000f94dac067d1c04a8ca3b2db734")
  static let specPayee = "03e7156ae33b0a208d0744199163177e909e80176e55d97a2f221ede0f934dd9ad"
  static let fakeKey = [UInt8](repeating: 0x01, count: 32)
}

func hex(_ text: String) -> [UInt8] {
  var bytes: [UInt8] = []
  var index = text.startIndex
  while index < text.endIndex {
    let next = text.index(index, offsetBy: 2)
    bytes.append(UInt8(text[index..<next], radix: 16)!)
    index = next
  }
  return bytes
}

func hexString(_ bytes: [UInt8]) -> String {
  bytes.map { String(format: "%02x", $0) }.joined()
}
