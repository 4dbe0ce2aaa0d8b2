import Foundation
import TestSupport
import Testing

@testable import Bolt11Tool

/// `ToolEnvironment.read(_:atMost:)`: the whole source when it holds at most the limit, nil when it
/// holds more, however the source hands its bytes out.
@Suite struct ReadAtMostTests {
  @Test(
    "the bytes when at most the limit, nil past it, reading no more than one byte past it",
    arguments: [1, 7, 1 << 16])
  func limit(step: Int) throws {
    for limit in [0, 1, 100, (1 << 16) - 1, 1 << 16, (1 << 16) + 1, 200_000] {
      for count in Set([0, 1, limit - 1, limit, limit + 1, limit + 2, 3 * limit]) where count >= 0 {
        // Whole steps of a slow source over 200 KB would take long: skip those.
        if step < 100 && count > 1000 { continue }
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
        let source = BatchTests.SteppedSource(bytes, step: step)
        let read = try ToolEnvironment.read(source, atMost: limit)
        #expect(read == (count <= limit ? bytes : nil), "limit \(limit), count \(count)")
        #expect(source.offset <= limit + 1, "limit \(limit), count \(count)")
      }
    }
  }

  @Test("a file is read whole through its own reads into the caller's storage")
  func file() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.path + "/input.bin"
    let bytes = (0..<150_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 9) }
    #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    let descriptor = open(path, O_RDONLY)
    try #require(descriptor >= 0)
    let source = FileSource(descriptor: descriptor, ownsDescriptor: true, name: path)
    #expect(try ToolEnvironment.read(source, atMost: 150_000) == bytes)
    let again = FileSource(descriptor: open(path, O_RDONLY), ownsDescriptor: true, name: path)
    #expect(try ToolEnvironment.read(again, atMost: 149_999) == nil)
  }
}
