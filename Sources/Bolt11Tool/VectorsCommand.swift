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
    for path in paths {
      let text = String(
        decoding: try ToolEnvironment.readAll(try environment.openFile(path)), as: UTF8.self)
      let file = try VectorFile(path: path, text: text)
      for vector in file.vectors {
        if let failure = VectorFile.run(vector) {
          failed += 1
          environment.stdout.write("FAIL \(vector): \(SafeText.escape(failure))\n")
        } else {
          passed += 1
          if options.flags.contains("--verbose") { environment.stdout.write("ok   \(vector)\n") }
        }
      }
    }
    environment.stdout.write("\(passed) passed, \(failed) failed\n")
    return failed == 0 ? .ok : .invalid
  }
}
