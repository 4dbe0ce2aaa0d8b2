extension Collection<UInt8> {
  /// Calls `body` with the bytes in one buffer: in place for an array or any other contiguous
  /// collection, through one copy for any other. The one way the package's generic entry points
  /// (`Bech32.encode(hrp:words:)`, the regrouping functions, `Hex.encode`) reach their cores.
  @inlinable
  package func withContiguousBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result)
    -> Result
  {
    withContiguousStorageIfAvailable(body) ?? Array(self).withUnsafeBufferPointer(body)
  }
}
