import Foundation

/// Where bytes come from: standard input or a file.
public protocol ByteSource: AnyObject {
  /// Up to `maximum` bytes; an empty array at the end.
  func read(maximum: Int) throws -> [UInt8]
}

/// Where bytes go: standard output or error.
public protocol ByteSink: AnyObject, Sendable {
  func write(_ bytes: [UInt8])
}

extension ByteSink {
  public func write(_ text: String) { write(Array(text.utf8)) }
}

/// Everything the tool reads from the world, handed in so that it can be tested as a function of
/// (arguments, input, clock, terminal).
public struct ToolEnvironment {
  public var arguments: [String]
  public var environment: [String: String]
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
    arguments: [String], environment: [String: String] = [:], now: @escaping () -> UInt64,
    stdin: ByteSource, stdout: ByteSink, stderr: ByteSink, stdoutIsTerminal: Bool = false,
    stderrIsTerminal: Bool = false,
    openFile: @escaping (String) throws -> ByteSource = FileSource.open,
    listJSONFiles: @escaping (String) -> [String]? = FileSource.jsonFiles,
    processorCount: Int = ProcessInfo.processInfo.activeProcessorCount
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

  /// Reads a whole source.
  static func readAll(_ source: ByteSource) throws -> [UInt8] {
    var bytes: [UInt8] = []
    while true {
      let chunk = try source.read(maximum: 1 << 16)
      if chunk.isEmpty { return bytes }
      bytes += chunk
    }
  }
}

/// A file descriptor read with `read(2)`.
public final class FileSource: ByteSource {
  private let descriptor: Int32
  private let ownsDescriptor: Bool

  public init(descriptor: Int32, ownsDescriptor: Bool) {
    self.descriptor = descriptor
    self.ownsDescriptor = ownsDescriptor
  }

  deinit { if ownsDescriptor { close(descriptor) } }

  /// Standard input (not closed when released).
  public static func standardInput() -> FileSource {
    FileSource(descriptor: 0, ownsDescriptor: false)
  }

  public struct OpenError: Error, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "cannot read \(path): \(reason)" }
  }

  public static func open(_ path: String) throws -> ByteSource {
    let descriptor = Foundation.open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw OpenError(path: path, reason: String(cString: strerror(errno)))
    }
    return FileSource(descriptor: descriptor, ownsDescriptor: true)
  }

  public static func jsonFiles(under path: String) -> [String]? {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else { return nil }
    guard let enumerator = FileManager.default.enumerator(atPath: path) else { return [] }
    var files: [String] = []
    while let name = enumerator.nextObject() as? String {
      if name.hasSuffix(".json") { files.append(path + "/" + name) }
    }
    return files.sorted()
  }

  public func read(maximum: Int) throws -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: maximum)
    while true {
      let count = buffer.withUnsafeMutableBytes {
        Foundation.read(descriptor, $0.baseAddress, maximum)
      }
      if count >= 0 {
        buffer.removeLast(maximum - count)
        return buffer
      }
      if errno != EINTR {
        throw OpenError(path: "fd \(descriptor)", reason: String(cString: strerror(errno)))
      }
    }
  }
}

/// A file descriptor written with `write(2)`, unbuffered.
public final class FileSink: ByteSink {
  private let descriptor: Int32
  public init(descriptor: Int32) { self.descriptor = descriptor }

  public static let standardOutput = FileSink(descriptor: 1)
  public static let standardError = FileSink(descriptor: 2)

  public func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Foundation.write(
          descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return  // a closed pipe: nothing more can be said
        }
        offset += written
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
public final class BufferSink: ByteSink, @unchecked Sendable {
  // Invariant for @unchecked Sendable: `storage` is only touched while holding `lock`.
  private let lock = NSLock()
  private var storage: [UInt8] = []
  public init() {}
  public func write(_ bytes: [UInt8]) {
    lock.lock()
    storage += bytes
    lock.unlock()
  }
  public var text: String {
    lock.lock()
    defer { lock.unlock() }
    return String(decoding: storage, as: UTF8.self)
  }
}
