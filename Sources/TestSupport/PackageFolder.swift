import Foundation

/// Folders of the package checkout, found by walking up from this file to the folder that holds
/// `Vectors/`.
///
/// Vectors are data and live once, in `Vectors/`; tests and tools read them there.
package enum PackageFolder {
  /// The package's root: the nearest folder above this file that holds `Vectors/`.
  package static func root() throws -> URL {
    var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Vectors").path)
    {
      let parent = directory.deletingLastPathComponent()
      guard parent != directory else { throw CocoaError(.fileNoSuchFile) }
      directory = parent
    }
    return directory
  }

  /// The package's `Vectors/` folder.
  package static func vectors() throws -> URL {
    try root().appendingPathComponent("Vectors")
  }
}
