import Bolt11Conformance
import Synchronization
import SystemCall

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where bytes come from: standard input or a file.
public protocol ByteSource: AnyObject {
  /// Up to `maximum` bytes; an empty array at the end.
  ///
  /// - Throws: `ToolIOError` with `io.read` when the source cannot be read.
  func read(maximum: Int) throws -> [UInt8]
  /// Reads up to `buffer.count` bytes into the start of `buffer`: how many; 0 at the end.
  ///
  /// - Throws: `ToolIOError` with `io.read` when the source cannot be read.
  func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}

extension ByteSource {
  /// Copies what `read(maximum:)` gives: a source with its own storage reads into `buffer`
  /// directly instead (`FileSource`).
  public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    let block = try read(maximum: buffer.count)
    buffer.copyBytes(from: block)
    return block.count
  }
}

/// Where bytes go: standard output or error.
public protocol ByteSink: AnyObject, Sendable {
  /// Writes every byte, or throws.
  ///
  /// - Throws: `ToolIOError` with `io.write` when not every byte could be written (a full disk, a
  ///   closed descriptor, a pipe whose reader is gone while SIGPIPE is ignored, an I/O error).
  func write(_ bytes: [UInt8]) throws
  /// Writes every byte of `bytes`, or throws, as `write(_:)` does for an array.
  func write(_ bytes: UnsafeBufferPointer<UInt8>) throws
}

extension ByteSink {
  /// Copies the bytes into an array for `write(_:)`.
  public func write(_ bytes: UnsafeBufferPointer<UInt8>) throws { try write(Array(bytes)) }

  public func write(_ text: String) throws { try write(Array(text.utf8)) }
}

/// A failed read or write: the command ends with exit 3 and `error: io.read: ...` or
/// `error: io.write: ...` on standard error.
public struct ToolIOError: Error, CustomStringConvertible {
  public enum Code: String, Sendable {
    case read = "io.read"
    case write = "io.write"
  }

  public var code: Code
  /// What could not be read or written, and why: `standard output: No space left on device`.
  public var message: String

  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  /// `what` and the text of the current `errno`.
  static func fromErrno(_ code: Code, _ what: String) -> ToolIOError {
    ToolIOError(code, what, SystemError(code: errno))
  }

  /// The error of a failed system call on `what`.
  init(_ code: Code, _ what: String, _ failure: SystemError) {
    self.init(code, "\(what): \(failure)")
  }

  public var description: String { "\(code.rawValue): \(message)" }
}

/// Everything the tool reads from the world, handed in so that it can be tested as a function of
/// (arguments, input, clock, terminal).
public struct ToolEnvironment {
  public var arguments: [String]
  public var environment: EnvironmentVariables
  /// The clock, in Unix seconds.
  public var now: () -> UInt64
  public var stdin: ByteSource
  public var stdout: ByteSink
  public var stderr: ByteSink
  /// Whether standard output is a terminal (human output, colour).
  public var stdoutIsTerminal: Bool
  /// Whether standard error is a terminal (progress lines).
  public var stderrIsTerminal: Bool
  /// Opens a file for reading.
  public var openFile: (String) throws -> ByteSource
  /// Lists the `*.json` files under a folder, or nil when the path is not a folder.
  public var listJSONFiles: (String) -> [String]?
  /// How many workers batch decoding may use.
  public var processorCount: Int

  public init(
    arguments: [String], environment: EnvironmentVariables = [:], now: @escaping () -> UInt64,
    stdin: ByteSource, stdout: ByteSink, stderr: ByteSink, stdoutIsTerminal: Bool = false,
    stderrIsTerminal: Bool = false,
    openFile: @escaping (String) throws -> ByteSource = FileSource.open,
    listJSONFiles: @escaping (String) -> [String]? = FileSource.jsonFiles,
    processorCount: Int = ToolEnvironment.availableProcessors()
  ) {
    self.arguments = arguments
    self.environment = environment
    self.now = now
    self.stdin = stdin
    self.stdout = stdout
    self.stderr = stderr
    self.stdoutIsTerminal = stdoutIsTerminal
    self.stderrIsTerminal = stderrIsTerminal
    self.openFile = openFile
    self.listJSONFiles = listJSONFiles
    self.processorCount = processorCount
  }

  /// The variables of this process's environment that the tool reads (the manual's ENVIRONMENT
  /// list), each as `getenv(3)` finds it when the tool asks for it; any other name reads as unset.
  ///
  /// Nothing is read up front: a one-shot `decode` to a pipe asks for none of them, and a
  /// dictionary of them cost a start-up a tenth of its instructions (its type's first use).
  public static func processEnvironment() -> EnvironmentVariables {
    EnvironmentVariables { name in
      guard CommandTable.environment.contains(where: { $0.name == name }),
        let value = getenv(name)
      else { return nil }
      return String(cString: value)
    }
  }

  /// The processors this process may run on, at least 1: the default number of batch workers
  /// (`--jobs N` sets another).
  ///
  /// That is the count of its affinity mask (`allowedProcessorCount()`), so that
  /// `taskset -c 0 bolt11 decode --batch FILE` uses one worker; where the mask cannot be read, the
  /// processors online (`sysconf(_SC_NPROCESSORS_ONLN)`).
  public static func availableProcessors() -> Int {
    max(1, allowedProcessorCount() ?? sysconf(Int32(_SC_NPROCESSORS_ONLN)))
  }

  /// Reads a source to its end when it holds at most `limit` bytes; stops reading past that, so
  /// memory stays within `limit` whatever the source holds.
  ///
  /// - Returns: the bytes, or nil when the source holds more than `limit`.
  /// - Throws: the source's `io.read` error.
  static func read(_ source: ByteSource, atMost limit: Int) throws -> [UInt8]? {
    var bytes: [UInt8] = []
    // One block for every read, each read's bytes appended from it: no array per read.
    return try withUnsafeTemporaryAllocation(byteCount: 1 << 16, alignment: 1) { block in
      while bytes.count <= limit {
        let room = min(block.count, limit + 1 - bytes.count)
        let count = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: block[..<room]))
        if count == 0 { return bytes }
        bytes.append(contentsOf: block[..<count])
      }
      return nil
    }
  }
}

/// Environment variables by name: the process's own (`ToolEnvironment.processEnvironment()`), or
/// a literal such as `["NO_COLOR": "1"]` in a test.
public struct EnvironmentVariables: ExpressibleByDictionaryLiteral {
  private let lookup: (String) -> String?

  /// Variables that `lookup` finds by name (nil: unset).
  public init(lookup: @escaping (String) -> String?) { self.lookup = lookup }

  /// These variables and no other.
  public init(_ values: [String: String]) { self.lookup = { values[$0] } }

  public init(dictionaryLiteral elements: (String, String)...) {
    self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }

  /// The variable's value, or nil when it is unset.
  public subscript(name: String) -> String? { lookup(name) }
}

/// A file descriptor read with `read(2)`.
public final class FileSource: ByteSource {
  private let descriptor: Int32
  private let ownsDescriptor: Bool
  /// The path, or `standard input`, for error messages.
  public let name: String

  public init(descriptor: Int32, ownsDescriptor: Bool, name: String) {
    self.descriptor = descriptor
    self.ownsDescriptor = ownsDescriptor
    self.name = name
  }

  deinit { if ownsDescriptor { close(descriptor) } }

  /// Standard input (not closed when released).
  public static func standardInput() -> FileSource {
    FileSource(descriptor: 0, ownsDescriptor: false, name: "standard input")
  }

  /// Opens `path` for reading.
  ///
  /// - Throws: `ToolIOError` with `io.read` naming the path.
  public static func open(_ path: String) throws -> ByteSource {
    let descriptor = systemOpen(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw ToolIOError.fromErrno(.read, path) }
    return FileSource(descriptor: descriptor, ownsDescriptor: true, name: path)
  }

  /// The `*.json` files under the folder `path`, at any depth, sorted; nil when `path` is not a
  /// folder (Bolt11Conformance's reader, with POSIX calls).
  public static func jsonFiles(under path: String) -> [String]? {
    FileReader.jsonFiles(under: path)
  }

  public func read(maximum: Int) throws -> [UInt8] {
    try [UInt8](unsafeUninitializedCapacity: max(maximum, 0)) { buffer, count in
      count = try read(into: UnsafeMutableRawBufferPointer(buffer))
    }
  }

  /// One `read(2)`, straight into `buffer`.
  public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
    try retryingOnInterrupt { systemRead(descriptor, buffer.baseAddress, buffer.count) }
      .mapError { ToolIOError(.read, name, $0) }.get()
  }
}

/// A file descriptor written with `write(2)`, unbuffered; every failed write throws.
public final class FileSink: ByteSink {
  private let descriptor: Int32
  /// `standard output`, `standard error` or a path, for error messages.
  private let name: String

  public init(descriptor: Int32, name: String) {
    self.descriptor = descriptor
    self.name = name
  }

  public static let standardOutput = FileSink(descriptor: 1, name: "standard output")
  public static let standardError = FileSink(descriptor: 2, name: "standard error")

  public func write(_ bytes: [UInt8]) throws {
    try bytes.withUnsafeBufferPointer { try write($0) }
  }

  public func write(_ bytes: UnsafeBufferPointer<UInt8>) throws {
    var offset = 0
    while offset < bytes.count {
      let written = try retryingOnInterrupt {
        systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      }.mapError { ToolIOError(.write, name, $0) }.get()
      // write(2) returns 0 only for a count of 0; never loop on it.
      guard written > 0 else { throw ToolIOError(.write, "\(name): nothing written") }
      offset += written
    }
  }

  /// Puts `/dev/null` on each of descriptors 0, 1 and 2 that is closed, opened so that using it
  /// fails as using the closed descriptor would (standard input write-only, so reading it fails;
  /// standard output and error read-only, so writing them fails).
  ///
  /// Without it, the first file the tool opens would take the lowest free descriptor, and a
  /// closed standard output (`bolt11 ... >&-`) would be that file.
  public static func reserveClosedStandardDescriptors() {
    for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      let flags = descriptor == 0 ? O_WRONLY : O_RDONLY
      // open(2) takes the lowest free descriptor, which is this one: the lower ones are open.
      let opened = systemOpen("/dev/null", flags)
      if opened >= 0 && opened != descriptor {
        _ = dup2(opened, descriptor)
        close(opened)
      }
    }
  }
}

/// An in-memory source, for tests and for a single argument read as input.
public final class BufferSource: ByteSource {
  private var bytes: [UInt8]
  private var offset = 0
  public init(_ bytes: [UInt8]) { self.bytes = bytes }
  public convenience init(_ text: String) { self.init(Array(text.utf8)) }
  public func read(maximum: Int) throws -> [UInt8] {
    let end = min(bytes.count, offset + maximum)
    defer { offset = end }
    return Array(bytes[offset..<end])
  }
}

/// An in-memory sink, for tests.
public final class BufferSink: ByteSink, Sendable {
  private let storage = Mutex<[UInt8]>([])
  public init() {}
  public func write(_ bytes: [UInt8]) {
    storage.withLock { $0 += bytes }
  }
  public var text: String {
    storage.withLock { String(decoding: $0, as: UTF8.self) }
  }
}

/// `open(2)` and `write(2)`, named apart from the `open` and `write` members of the types that
/// call them.
func systemOpen(_ path: String, _ flags: Int32) -> Int32 { open(path, flags) }

func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
