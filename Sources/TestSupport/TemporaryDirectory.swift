import Foundation

/// A fresh directory of one test's own, under the system's temporary folder.
///
/// Tests run in parallel, so each makes its own and calls `remove()` when done (with `defer`,
/// which also keeps the value alive until then).
package struct TemporaryDirectory: Sendable {
  package let path: String

  /// Creates the directory, named `prefix` followed by a UUID.
  package init(prefix: String = "swift-bolt11-tests-") throws {
    path = NSTemporaryDirectory() + prefix + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  /// Writes `text` as UTF-8 to the file `name` in the directory and returns the file's path.
  package func write(_ name: String, _ text: String) throws -> String {
    let file = path + "/" + name
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    return file
  }

  /// Removes the directory and everything in it.
  package func remove() { try? FileManager.default.removeItem(atPath: path) }
}
