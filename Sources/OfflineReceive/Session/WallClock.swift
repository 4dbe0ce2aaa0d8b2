/// The time, handed in: nothing in this module reads the system clock.
public protocol WallClock: Sendable {
  /// Milliseconds since the Unix epoch.
  func milliseconds() async -> UInt64
}

extension WallClock {
  /// Whole seconds since the Unix epoch, the unit of invoice timestamps.
  public func seconds() async -> UInt64 { await milliseconds() / 1000 }
}
