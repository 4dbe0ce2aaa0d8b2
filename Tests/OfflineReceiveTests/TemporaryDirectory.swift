import Foundation

/// A fresh directory per test, removed when the value is dropped by `remove()`.
struct TemporaryDirectory {
  let path: String

  init() throws {
    path = NSTemporaryDirectory() + "offline-journal-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  func remove() { try? FileManager.default.removeItem(atPath: path) }
}
