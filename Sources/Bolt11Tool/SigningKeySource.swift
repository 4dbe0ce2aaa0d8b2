import Bech32Codec
import Bolt11
import Secp256k1
import SystemCall

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where `encode` finds its secret key: `--key-file PATH`, else `--key HEX`, else the environment
/// variable `BOLT11_SIGNING_KEY` (hex).
///
/// `--key HEX` works but warns on standard error: a command line is readable by every user of the
/// machine (`ps`, `/proc/PID/cmdline`) and shell history keeps it. A key file is refused when its
/// mode lets group or others at it, as ssh refuses such private keys.
///
/// What is wiped: the bytes read from a key file and the 32 decoded key bytes are overwritten
/// with zeros as soon as the `SigningKey` is made, and the key wipes its own copy when released
/// (see `SigningKey`). What is not: the `--key` argument and the environment variable (the
/// process's own command line and environment, and the Swift strings made from them, which
/// cannot be overwritten), and the key file itself.
enum SigningKeySource {
  /// The environment variable that may hold the secret key, in hex.
  static let variable = "BOLT11_SIGNING_KEY"
  /// Longest key file read: 64 hex digits and white space around them.
  static let maximumFileBytes = 256

  /// The signing key named by `--key-file`, `--key` or `BOLT11_SIGNING_KEY`, in that order.
  ///
  /// - Throws: `UsageError` when no key is given, both options are, the hex is not 32 bytes or
  ///   the key file is not private; `ToolIOError` when the key file cannot be read;
  ///   `InvoiceBuildError` (`build.invalid_key`) for 32 bytes that are not a secret key.
  static func signingKey(_ options: ParsedOptions, _ environment: ToolEnvironment) throws
    -> SigningKey
  {
    let path = options.values["--key-file"]
    let argument = options.values["--key"]
    var secret: [UInt8]
    if let path {
      guard argument == nil else {
        throw UsageError(message: "give --key-file or --key, not both", command: "encode")
      }
      secret = try readFile(path)
    } else if let argument {
      try environment.stderr.write(
        "warning: --key puts the secret key on the command line, where every user of this "
          + "machine can read it (ps, /proc/PID/cmdline) and shell history keeps it; use "
          + "--key-file PATH (mode 600) or \(variable)\n")
      var text = Array(argument.utf8)
      defer { SigningKey.wipe(&text) }
      secret = try parse(text[...], from: "--key")
    } else if let value = environment.environment[variable] {
      var text = Array(value.utf8)
      defer { SigningKey.wipe(&text) }
      secret = try parse(text[...], from: variable)
    } else {
      throw UsageError(
        message: "missing key: --key-file PATH, \(variable), or --key HEX (32-byte secret key)",
        command: "encode")
    }
    defer { SigningKey.wipe(&secret) }
    do {
      return try SigningKey(secretKey: secret)
    } catch {
      throw InvoiceBuildError(.invalidKey, error.message)
    }
  }

  /// The 32 bytes written as 64 hex digits in `text`, white space around them allowed.
  static func parse(_ text: ArraySlice<UInt8>, from source: String) throws(UsageError) -> [UInt8] {
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0d) }
    let start = text.firstIndex { !isSpace($0) } ?? text.endIndex
    let end = text.lastIndex { !isSpace($0) }.map { $0 + 1 } ?? start
    var secret = [UInt8](repeating: 0, count: 32)
    guard end - start == 64 else {
      throw UsageError(message: "\(source) takes 64 hexadecimal characters", command: "encode")
    }
    for index in 0..<32 {
      guard let high = Hex.nibble(text[start + 2 * index]),
        let low = Hex.nibble(text[start + 2 * index + 1])
      else {
        SigningKey.wipe(&secret)
        throw UsageError(message: "\(source) takes 64 hexadecimal characters", command: "encode")
      }
      secret[index] = high << 4 | low
    }
    return secret
  }

  /// The key in the file at `path`, which only its owner may read or write.
  static func readFile(_ path: String) throws -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw ToolIOError.fromErrno(.read, path) }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw ToolIOError.fromErrno(.read, path) }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw UsageError(message: "--key-file \(path) is not a regular file", command: "encode")
    }
    let access = status.st_mode & 0o777
    guard access & 0o077 == 0 else {
      throw UsageError(
        message: "--key-file \(path) has mode \(String(access, radix: 8)): a secret key file "
          + "must not be open to group or others (chmod 600 \(path))",
        command: "encode")
    }
    // One buffer, never grown (growing would leave a copy behind), wiped before it is released.
    var buffer = [UInt8](repeating: 0, count: maximumFileBytes + 1)
    defer { SigningKey.wipe(&buffer) }
    var count = 0
    while count < buffer.count {
      let read = try buffer.withUnsafeMutableBytes { buffer in
        retryingOnInterrupt {
          systemRead(descriptor, buffer.baseAddress! + count, buffer.count - count)
        }
      }.mapError { ToolIOError(.read, path, $0) }.get()
      if read == 0 { break }
      count += read
    }
    guard count <= maximumFileBytes else {
      throw UsageError(
        message: "--key-file \(path) is not a key file (more than \(maximumFileBytes) bytes)",
        command: "encode")
    }
    return try parse(buffer[0..<count], from: "--key-file \(path)")
  }
}

/// `read(2)`, named apart from the `read` members of the types that call it.
func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
