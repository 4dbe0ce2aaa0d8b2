#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A system call's result, or the `errno` of its failure: the one place the package retries a
/// call that a signal interrupted (`EINTR`), as swift-system's `valueOrErrno(retryOnInterrupt:)`.
///
/// `call` returns what the C function returns: -1 (or any negative value) for a failure with
/// `errno` set, anything else for success. It runs again while it fails with `EINTR`.
///
/// ```swift
/// switch retryingOnInterrupt({ read(descriptor, buffer, count) }) {
/// case .success(let count): ...
/// case .failure(let code): ...  // errno, never EINTR
/// }
/// ```
package func retryingOnInterrupt<Value: SignedInteger>(_ call: () -> Value)
  -> Result<Value, SystemError>
{
  while true {
    let value = call()
    if value >= 0 { return .success(value) }
    let code = errno
    if code != EINTR { return .failure(SystemError(code: code)) }
  }
}

/// The `errno` of a failed system call.
package struct SystemError: Error, Equatable, Sendable {
  /// The `errno` value.
  package var code: Int32

  package init(code: Int32) { self.code = code }
}

extension SystemError: CustomStringConvertible {
  /// The C library's text for the code (`strerror`).
  package var description: String { String(cString: strerror(code)) }
}

/// The names in the folder at `path` (without `.` and `..`), in the order the system lists
/// them; nil when it cannot be opened.
package func directoryEntries(_ path: String) -> [String]? {
  guard let stream = opendir(path) else { return nil }
  defer { closedir(stream) }
  var names: [String] = []
  while let entry = readdir(stream) {
    let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
      String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
    }
    if name != "." && name != ".." { names.append(name) }
  }
  return names
}
