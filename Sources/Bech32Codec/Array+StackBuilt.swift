extension Array where Element == UInt8 {
  /// The bytes `body` writes to a buffer of `capacity` bytes (on the stack when small), copied
  /// into a new array; `body` returns how many it wrote.
  ///
  /// On hot paths this is cheaper than `init(unsafeUninitializedCapacity:)`: that initializer
  /// reaches an unspecialized standard-library allocator that looks up the metadata of
  /// `_ContiguousArrayStorage<UInt8>` in the runtime's global cache on every call (about 280
  /// instructions, more than the allocation itself), while a copy from a buffer is specialized.
  /// It also never writes to the shared empty array when nothing is written, so threads decoding
  /// at once stay free of the (benign) race ThreadSanitizer reports there.
  @inlinable
  package init(
    stackCapacity capacity: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Int
  ) {
    self = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
      let count = body(buffer)
      return Array(UnsafeBufferPointer(rebasing: buffer[0..<count]))
    }
  }
}
