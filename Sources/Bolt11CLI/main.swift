import Bolt11Tool

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// A closed standard stream stays one that fails when used, rather than becoming the first file
// the tool opens.
FileSink.reserveClosedStandardDescriptors()
let environment = ToolEnvironment(
  arguments: Array(CommandLine.arguments.dropFirst()),
  environment: ToolEnvironment.processEnvironment(),
  now: { UInt64(max(0, time(nil))) },
  stdin: FileSource.standardInput(),
  stdout: FileSink.standardOutput,
  stderr: FileSink.standardError,
  stdoutIsTerminal: isatty(1) == 1,
  stderrIsTerminal: isatty(2) == 1
)
exit(Bolt11Tool.run(environment))
