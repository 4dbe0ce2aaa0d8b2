/// The time and the waiting, handed in: nothing else in this module reads the system clock.
///
/// Two clocks: the wall clock (`now()`, Unix seconds) only for invoice timestamps and expiries,
/// and a monotonic one (`monotonicNow()`) for every wait and timeout, so that a user who moves
/// the phone's clock neither cuts a wait short nor makes it endless. A third, the boot clock
/// (`bootClockNow()`), measures the time between two processes of one boot: the time an
/// invoice shown before a restart has already been on the QR. Ship `SystemClock`; tests use a
/// clock that moves only when told to.
public protocol WallClock: Sendable {
  /// Whole seconds since the Unix epoch: for invoice timestamps and expiries only.
  func now() async -> UInt64
  /// The time since a fixed origin, which never jumps and keeps counting while the device
  /// sleeps (`ContinuousClock`): for waits and timeouts. Only differences mean anything.
  ///
  /// The default reads `ContinuousClock`; a test clock returns its own count.
  func monotonicNow() async -> Duration
  /// The clock every process of this boot shares, which keeps counting while the device sleeps
  /// and cannot be set, with the boot's identity; nil when the system cannot tell them.
  ///
  /// The default reads the system's (`SystemClock.bootClockNow()`); a test clock returns its
  /// own.
  func bootClockNow() async -> BootClockReading?
  /// Suspends for `duration`, or throws `CancellationError` when the task is cancelled.
  func sleep(for duration: Duration) async throws
}

extension WallClock {
  /// The system's `ContinuousClock`, since the first time this process asked.
  public func monotonicNow() async -> Duration { SystemClock.monotonicOrigin.duration(to: .now) }

  /// The system's boot clock and boot identity, as `SystemClock` reads them.
  public func bootClockNow() async -> BootClockReading? { SystemClock.bootClockReading() }
}
