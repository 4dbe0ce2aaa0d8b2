/// The time and the waiting, handed in: nothing else in this module reads the system clock.
///
/// Instants are Unix seconds, the unit of invoice timestamps; waits are `Duration`s. Ship
/// `SystemClock`; tests use a clock that moves only when told to.
public protocol WallClock: Sendable {
  /// Whole seconds since the Unix epoch.
  func now() async -> UInt64
  /// Suspends for `duration`, or throws `CancellationError` when the task is cancelled.
  func sleep(for duration: Duration) async throws
}
