#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The production clock: the system's real time and `Task.sleep`.
public struct SystemClock: WallClock {
  /// The system clock.
  public init() {}

  /// Whole seconds since the Unix epoch, from `clock_gettime(CLOCK_REALTIME)`.
  public func now() async -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return UInt64(max(0, time.tv_sec))
  }

  /// The origin of `monotonicNow()`.
  static let monotonicOrigin = ContinuousClock.now

  /// `ContinuousClock`, which keeps counting while the device sleeps, since the origin.
  public func monotonicNow() async -> Duration { Self.monotonicOrigin.duration(to: .now) }

  /// Sleeps with `Task.sleep`; throws `CancellationError` when the task is cancelled.
  public func sleep(for duration: Duration) async throws {
    try await Task.sleep(for: duration)
  }
}
