extension VectorFile {
  /// The `Vectors` folder of the swift-bolt11 package this library was built from.
  ///
  /// SwiftPM builds a dependency from its source checkout, which holds the vectors beside the
  /// sources; the path is this source file's at build time. A binary moved to another machine
  /// finds nothing there: pass a folder to `load` or `loadAll` instead.
  public static let defaultFolder: String = {
    // `#filePath` is .../Sources/Bolt11Conformance/VectorFile+Loading.swift.
    var components = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    components.removeLast(3)
    return (components + ["Vectors"]).joined(separator: "/")
  }()

  /// Largest vector file read (64 MiB; the largest shipped is far smaller).
  package static let maximumFileBytes = 1 << 26

  /// Reads the vector file at `path`.
  ///
  /// - Throws: `LoadError` when the file cannot be read, is larger than 64 MiB, or is not a
  ///   vector file.
  public init(contentsOf path: String) throws(LoadError) {
    let bytes: [UInt8]
    switch FileReader.contents(of: path, atMost: Self.maximumFileBytes) {
    case .success(let value?): bytes = value
    case .success(nil):
      throw LoadError(path: path, message: "larger than \(Self.maximumFileBytes) bytes")
    case .failure(let reason): throw LoadError(path: path, message: "cannot read: \(reason)")
    }
    try self.init(path: path, text: String(decoding: bytes, as: UTF8.self))
  }

  /// Reads a vector file, or every `*.json` file under a folder (at any depth, in the order of
  /// their paths).
  ///
  /// The folder's requirements list and JSON Schemas load as files without vectors.
  ///
  /// - Parameter path: a file or a folder; by default this package's `Vectors` folder.
  /// - Throws: `LoadError` for the first file that cannot be read or is not a vector file, or
  ///   when `path` is neither.
  public static func load(_ path: String = defaultFolder) throws(LoadError) -> [VectorFile] {
    guard let paths = FileReader.jsonFiles(under: path) else {
      return [try VectorFile(contentsOf: path)]
    }
    var files: [VectorFile] = []
    for file in paths { files.append(try VectorFile(contentsOf: file)) }
    return files
  }

  /// Every vector of `load(path)`, file by file, in order: one test case each.
  ///
  /// ```swift
  /// @Test(arguments: try VectorFile.loadAll())
  /// func vector(_ vector: VectorFile.Vector) {
  ///   #expect(vector.run() == .passed)
  /// }
  /// ```
  ///
  /// - Parameter path: a file or a folder; by default this package's `Vectors` folder.
  /// - Throws: `LoadError`, as `load` does.
  public static func loadAll(_ path: String = defaultFolder) throws(LoadError) -> [Vector] {
    try load(path).flatMap(\.vectors)
  }
}
