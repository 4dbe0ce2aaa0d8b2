// `bolt11` over many lines in one process, for Tools/differential/run.py: one process per invoice
// would be far too slow for tens of thousands of invoices.
//
//   bolt11-lines decode [OPTION...]    each line is an invoice: the output line is what
//                                      `bolt11 decode --json [OPTION...] LINE` prints
//   bolt11-lines encode --key HEX      each line is a JSON invoice: the output line is what
//                                      `bolt11 encode --key HEX` prints for it on standard input
//
// Every input line gives exactly one output line. When the command prints nothing on standard
// output (a usage error, or encode refusing), the line is `{"valid": false, "error": {"code":
// "tool", "message": ...}}` with its standard error.

import Bolt11Tool
import Foundation
import Synchronization

/// Collects what the tool writes.
final class Capture: ByteSink {
  private let bytes = Mutex<[UInt8]>([])
  func write(_ chunk: [UInt8]) { bytes.withLock { $0 += chunk } }
  func take() -> [UInt8] {
    bytes.withLock { value in
      defer { value = [] }; return value
    }
  }
}

/// One line as standard input.
final class LineSource: ByteSource {
  private var bytes: [UInt8]
  init(_ bytes: [UInt8]) { self.bytes = bytes }
  func read(maximum: Int) throws -> [UInt8] {
    let chunk = Array(bytes.prefix(maximum))
    bytes.removeFirst(chunk.count)
    return chunk
  }
}

func jsonString(_ text: String) -> String {
  let data = try! JSONSerialization.data(withJSONObject: [text], options: [])
  return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let mode = arguments.first, mode == "decode" || mode == "encode" else {
  FileHandle.standardError.write(Data("usage: bolt11-lines decode|encode [OPTION...]\n".utf8))
  exit(2)
}
let options = Array(arguments.dropFirst())
let stdout = Capture()
let stderr = Capture()
var output = FileHandle.standardOutput

while let line = readLine(strippingNewline: true) {
  let toolArguments: [String]
  let input: [UInt8]
  if mode == "decode" {
    toolArguments = ["decode", "--json"] + options + [line]
    input = []
  } else {
    toolArguments = ["encode"] + options
    input = Array(line.utf8)
  }
  let environment = ToolEnvironment(
    arguments: toolArguments, now: { 0 }, stdin: LineSource(input), stdout: stdout,
    stderr: stderr, processorCount: 1)
  _ = Bolt11Tool.run(environment)
  var printed = stdout.take()
  let errors = String(decoding: stderr.take(), as: UTF8.self)
  while printed.last == 0x0a { printed.removeLast() }
  if printed.isEmpty || printed.contains(0x0a) {
    let message = errors.trimmingCharacters(in: .whitespacesAndNewlines)
    printed = Array(
      "{\"valid\": false, \"error\": {\"code\": \"tool\", \"message\": \(jsonString(message))}}"
        .utf8)
  }
  output.write(Data(printed + [0x0a]))
}
