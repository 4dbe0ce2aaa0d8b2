import Bolt11JSON
import Bolt11Tool
import Bolt11ToolFixtures
import Foundation
import TestSupport
import Testing

/// Runs the built `bolt11` binary as a user would.
enum Binary {
  /// `.build/debug/bolt11` of this package (the build `swift test` just made), or the one next to
  /// the test bundle.
  static let path: String? = {
    var candidates: [String] = []
    let bundle = Bundle.main.bundleURL.deletingLastPathComponent()
    candidates.append(bundle.appendingPathComponent("bolt11").path)
    if let root = try? PackageFolder.root() {
      candidates.append(root.appendingPathComponent(".build/debug/bolt11").path)
    }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  /// Runs the binary; stdout and stderr are read to their ends before waiting for exit.
  static func run(_ arguments: [String], stdin: String = "", environment: [String: String] = [:])
    throws -> ToolRun
  {
    let path = try #require(path, "build the bolt11 product first (swift build)")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    var variables = ProcessInfo.processInfo.environment
    for (key, value) in environment { variables[key] = value }
    process.environment = variables
    let input = Pipe()
    let output = Pipe()
    let error = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let collected = Collected()
    let group = DispatchGroup()
    for (index, pipe) in [output, error].enumerated() {
      group.enter()
      Thread.detachNewThread {
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        collected.set(index, data)
        group.leave()
      }
    }
    let stdinData = Data(stdin.utf8)
    Thread.detachNewThread {
      try? input.fileHandleForWriting.write(contentsOf: stdinData)
      try? input.fileHandleForWriting.close()
    }
    group.wait()
    process.waitUntilExit()
    return ToolRun(
      code: process.terminationStatus, stdout: String(decoding: collected.get(0), as: UTF8.self),
      stderr: String(decoding: collected.get(1), as: UTF8.self))
  }

  final class Collected: @unchecked Sendable {
    // Invariant for @unchecked Sendable: `data` is only touched while holding `lock`.
    private let lock = NSLock()
    private var data: [Int: Data] = [:]
    func set(_ index: Int, _ value: Data) { lock.withLock { data[index] = value } }
    func get(_ index: Int) -> Data { lock.withLock { data[index] ?? Data() } }
  }
}

@Suite(.serialized) struct EndToEndTests {
  @Test("exit 0: a valid invoice, --json on stdout, nothing on stderr")
  func valid() throws {
    let run = try Binary.run(["decode", "--json", SpecInvoice.coffee])
    #expect(run.code == 0)
    #expect(run.stderr.isEmpty)
    #expect(try JSON.parse(run.stdout)["payee"] == .string(SpecInvoice.payee))
  }

  @Test("exit 0: the human summary through a pipe has no colour")
  func summaryThroughPipe() throws {
    let run = try Binary.run(["decode", "-"], stdin: SpecInvoice.coffee + "\n")
    #expect(run.code == 0)
    #expect(run.stdout.hasPrefix("valid bolt11 invoice\n"))
    #expect(!run.stdout.contains("\u{1B}"))
  }

  @Test("exit 1: an invalid invoice, one error line")
  func invalid() throws {
    let run = try Binary.run(["decode", SpecInvoice.badChecksum])
    #expect(run.code == 1)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.hasPrefix("error: bech32.checksum: "))
    #expect(run.stderr.lines.count == 1)
  }

  @Test("exit 2: a wrong flag, one line pointing to help")
  func usage() throws {
    let run = try Binary.run(["decode", "--jsn", SpecInvoice.coffee])
    #expect(run.code == 2)
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderr
        == "error: usage: unknown option --jsn; did you mean --json? (see 'bolt11 decode --help')\n"
    )
  }

  @Test("exit 3: a batch file that does not exist")
  func ioError() throws {
    let run = try Binary.run(["decode", "--batch", "/nonexistent/invoices.txt"])
    #expect(run.code == 3)
    #expect(run.stderr.hasPrefix("error: io.read: /nonexistent/invoices.txt: "))
  }

  @Test("help and version")
  func help() throws {
    #expect(try Binary.run(["--help"]).stdout.contains("bolt11 explain"))
    #expect(try Binary.run(["--version"]).stdout.hasPrefix("bolt11 "))
  }

  @Test("batch of 10,000 lines: same count out, input order, one bad line in the middle")
  func batch() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let count = 10_000
    let bad = 5_000
    // Each line its own invoice: line i has description "line i" and payment hash i.
    var lines: [String] = []
    lines.reserveCapacity(count)
    for index in 0..<count {
      if index == bad {
        lines.append("lnbc1notaninvoice")
        continue
      }
      var hash = [UInt8](repeating: 0, count: 32)
      hash[30] = UInt8(index >> 8)
      hash[31] = UInt8(index & 0xff)
      lines.append(Fixture.invoice(description: "line \(index)", paymentHash: hash))
    }
    let file = try folder.write("invoices.txt", lines.joined(separator: "\n") + "\n")
    let run = try Binary.run(["decode", "--batch", file, "--jobs", "2"])
    #expect(run.code == 1)
    #expect(run.stderr == "decoded \(count - 1), invalid 1\n")
    let output = run.stdout.lines
    try #require(output.count == count)
    for (index, line) in output.enumerated() {
      if index == bad {
        #expect(line.hasPrefix("{\"valid\":false,\"error\":{"))
      } else if !line.contains("\"description\":\"line \(index)\"") {
        Issue.record("line \(index) out of order: \(line.prefix(200))")
        break
      }
    }
  }

  @Test("a description with escape sequences and bidi overrides never reaches stdout raw")
  func hostileDescription() throws {
    let invoice = Fixture.invoice(description: SafeOutputTests.hostile)
    for arguments in [["decode", invoice], ["decode", "--json", invoice], ["explain", invoice]] {
      let run = try Binary.run(arguments)
      #expect(run.code == 0)
      let bytes = Array(run.stdout.utf8)
      #expect(!bytes.contains(0x1B), "raw ESC from \(arguments[0])")
      #expect(!bytes.contains(0x07), "raw BEL from \(arguments[0])")
      #expect(!bytes.contains(0x0D), "raw CR from \(arguments[0])")
      #expect(!run.stdout.unicodeScalars.contains("\u{202E}"), "raw RLO from \(arguments[0])")
      #expect(!run.stdout.unicodeScalars.contains("\u{9B}"), "raw CSI from \(arguments[0])")
    }
  }

  @Test(
    "exit 3 and io.write when standard output is a full disk or closed, for the built binary",
    arguments: ["/dev/full", "closed"])
  func failedWrite(output: String) throws {
    let path = try #require(Binary.path, "build the bolt11 product first (swift build)")
    // Through the shell, which can close a descriptor before starting the binary.
    let redirect = output == "closed" ? ">&-" : "> \(output)"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [
      "-c", "exec \"$0\" decode --json \"$1\" \(redirect)", path, SpecInvoice.coffee,
    ]
    let error = Pipe()
    process.standardError = error
    try process.run()
    let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 3)
    #expect(message.hasPrefix("error: io.write: standard output: "), "\(message)")
    #expect(message.lines.count == 1)
  }
}
