/// `bolt11 vectors PATH...`: runs vector files, or every `*.json` under a folder.
enum VectorsCommand {
  static let table = CommandTable.vectors.parsingTable

  static func run(_ arguments: ArraySlice<String>, _ environment: ToolEnvironment) throws
    -> Bolt11Tool.ExitCode
  {
    let options = try ParsedOptions(arguments, table: table, command: "vectors")
    guard !options.positional.isEmpty else {
      throw UsageError(message: "missing PATH (a vector file or a folder)", command: "vectors")
    }
    var paths: [String] = []
    for path in options.positional {
      paths += environment.listJSONFiles(path) ?? [path]
    }
    var passed = 0
    var failed = 0
    let verbose = options.flags.contains("--verbose")
    for path in paths {
      let file: VectorFile
      do {
        file = try VectorFile(path: path, text: try read(path, environment))
      } catch let error as VectorFile.FormatError {
        // A file that is not a vector file is one failure; the other files still run.
        failed += 1
        try environment.stdout.write(
          "FAIL \(SafeText.escape(error.path)): \(SafeText.escape(error.message))\n")
        continue
      }
      for vector in file.vectors {
        let name = SafeText.escape(vector.description)
        if let failure = VectorFile.run(vector) {
          failed += 1
          try environment.stdout.write("FAIL \(name): \(SafeText.escape(failure))\n")
        } else {
          passed += 1
          if verbose { try environment.stdout.write("ok   \(name)\n") }
        }
      }
    }
    try environment.stdout.write("\(passed) passed, \(failed) failed\n")
    return failed == 0 ? .ok : .invalid
  }

  /// Largest vector file read (64 MiB; the largest shipped is far smaller).
  static let maximumFileBytes = 1 << 26

  /// The text of the vector file at `path`.
  ///
  /// - Throws: `ToolIOError` when it cannot be read; `VectorFile.FormatError` when it is larger
  ///   than `maximumFileBytes`.
  static func read(_ path: String, _ environment: ToolEnvironment) throws -> String {
    guard let bytes = try ToolEnvironment.read(environment.openFile(path), atMost: maximumFileBytes)
    else {
      throw VectorFile.FormatError(path: path, message: "larger than \(maximumFileBytes) bytes")
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
