/// The time and the waiting, handed in: nothing else in this module reads the system clock.
///
/// Two clocks: the wall clock (`now()`, Unix seconds) only for invoice timestamps and expiries,
/// and a monotonic one (`monotonicNow()`) for every wait and timeout, so that a user who moves
/// the phone's clock neither cuts a wait short nor makes it endless. Ship `SystemClock`; tests
/// use a clock that moves only when told to.
public protocol WallClock: Sendable {
  /// Whole seconds since the Unix epoch: for invoice timestamps and expiries only.
  func now() async -> UInt64
  /// The time since a fixed origin, which never jumps and keeps counting while the device
  /// sleeps (`ContinuousClock`): for waits and timeouts. Only differences mean anything.
  ///
  /// The default reads `ContinuousClock`; a test clock returns its own count.
  func monotonicNow() async -> Duration
  /// Suspends for `duration`, or throws `CancellationError` when the task is cancelled.
  func sleep(for duration: Duration) async throws
}

extension WallClock {
  /// The system's `ContinuousClock`, since the first time this process asked.
  public func monotonicNow() async -> Duration { SystemClock.monotonicOrigin.duration(to: .now) }
}
