internal import CSystemCall

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

/// The processors the calling thread may run on: the set bits of its affinity mask
/// (`sched_getaffinity(2)`), or nil where the mask cannot be read (not Linux, or a failure).
package func allowedProcessorCount() -> Int? {
  // glibc's cpu_set_t holds 1024 processors (16 words); a kernel built for more refuses a mask
  // smaller than its own with EINVAL, so the mask doubles until it fits.
  var words = 16
  while words <= 1 << 16 {
    let outcome = withUnsafeTemporaryAllocation(of: UInt64.self, capacity: words) {
      mask -> Result<Int, SystemError> in
      mask.initialize(repeating: 0)
      let bytes = words * MemoryLayout<UInt64>.size
      return retryingOnInterrupt { csystemcall_sched_getaffinity(bytes, mask.baseAddress) }
        .map { _ in mask.reduce(0) { $0 + $1.nonzeroBitCount } }
    }
    switch outcome {
    case .success(let count): return count > 0 ? count : nil
    case .failure(let error) where error.code == EINVAL: words *= 2
    case .failure: return nil
    }
  }
  return nil
}
