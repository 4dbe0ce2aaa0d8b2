import Bolt11Tool

/// What one run of the tool gave.
package struct ToolRun {
  package var code: Int32
  package var stdout: String
  package var stderr: String

  package init(code: Int32, stdout: String, stderr: String) {
    self.code = code
    self.stdout = stdout
    self.stderr = stderr
  }
}

/// Runs `Bolt11Tool.run` as a function of (arguments, stdin, clock, terminal).
package func runTool(
  _ arguments: [String], stdin: String = "", now: UInt64 = 1_496_314_658,
  stdoutIsTerminal: Bool = false, stderrIsTerminal: Bool = false,
  environment: [String: String] = [:], processorCount: Int = 2,
  openFile: @escaping (String) throws -> ByteSource = FileSource.open
) -> ToolRun {
  let stdout = BufferSink()
  let stderr = BufferSink()
  let code = Bolt11Tool.run(
    ToolEnvironment(
      arguments: arguments, environment: EnvironmentVariables(environment), now: { now },
      stdin: BufferSource(stdin), stdout: stdout, stderr: stderr,
      stdoutIsTerminal: stdoutIsTerminal, stderrIsTerminal: stderrIsTerminal,
      openFile: openFile, processorCount: processorCount))
  return ToolRun(code: code, stdout: stdout.text, stderr: stderr.text)
}
