import SystemCall

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Files read with POSIX calls: the library takes no Foundation.
package enum FileReader {
  /// The whole file at `path`, or nil when it holds more than `limit` bytes; a failure gives the
  /// system's reason.
  static func contents(of path: String, atMost limit: Int) -> Result<[UInt8]?, Reason> {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return .failure(Reason()) }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var block = [UInt8](repeating: 0, count: 1 << 16)
    while bytes.count <= limit {
      let result = block.withUnsafeMutableBytes { block in
        retryingOnInterrupt { read(descriptor, block.baseAddress, block.count) }
      }
      guard case .success(let count) = result else { return .failure(Reason()) }
      if count == 0 { return .success(bytes) }
      bytes += block[..<count]
    }
    return .success(nil)
  }

  /// The text of the current `errno`.
  struct Reason: Error, CustomStringConvertible {
    var description = SystemError(code: errno).description
  }

  /// The paths of the `*.json` files under the folder `path`, at any depth, sorted; nil when
  /// `path` is not a folder.
  ///
  /// Folders are followed through symbolic links, at most 16 deep.
  package static func jsonFiles(under path: String) -> [String]? {
    guard isFolder(path) else { return nil }
    var files: [String] = []
    collect(path, depth: 0, into: &files)
    return files.sorted()
  }

  private static func collect(_ folder: String, depth: Int, into files: inout [String]) {
    guard depth < 16, let names = directoryEntries(folder) else { return }
    for name in names {
      let path = folder + "/" + name
      if isFolder(path) {
        collect(path, depth: depth + 1, into: &files)
      } else if name.hasSuffix(".json") {
        files.append(path)
      }
    }
  }

  private static func isFolder(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
  }
}
