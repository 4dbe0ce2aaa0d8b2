internal import Bolt11
public import OfflineReceive

/// A clock that moves only when told to, and a sleeper that moves it: for tests, the demo and
/// adapter conformance runs.
///
/// A sleep advances the time by the requested interval, or by `sleepStep` when one is set,
/// and then yields so that other tasks run. It keeps a wall clock (milliseconds since the Unix
/// epoch; `now()` answers whole seconds) and a monotonic one (`monotonicNow()`): `advance` and
/// sleeps move both, `set(seconds:)` moves only the wall clock, as a user changing the phone's
/// time does.
public actor ManualClock: WallClock {
  private var current: UInt64
  private var monotonic: Duration = .zero
  /// When set, how far (in milliseconds) every sleep moves the clock, whatever it asked for.
  public var sleepStep: UInt64?
  /// Every sleep asked for, in milliseconds.
  public private(set) var sleeps: [UInt64] = []

  /// A clock at `seconds` since the Unix epoch; `sleepStep` as the property.
  public init(seconds: UInt64, sleepStep: UInt64? = nil) {
    self.current = seconds * 1000
    self.sleepStep = sleepStep
  }

  /// Milliseconds since the Unix epoch.
  public func milliseconds() -> UInt64 { current }
  /// Whole seconds since the Unix epoch.
  public func seconds() -> UInt64 { current / 1000 }
  public func now() -> UInt64 { current / 1000 }
  /// The time advanced and slept since the clock was made; `set(seconds:)` does not move it.
  public func monotonicNow() async -> Duration { monotonic }

  /// Moves both clocks forward by `seconds`.
  public func advance(seconds: UInt64) {
    current += seconds * 1000
    monotonic += .seconds(seconds)
  }
  /// Moves both clocks forward by `milliseconds`.
  public func advance(milliseconds: UInt64) {
    current += milliseconds
    monotonic += .milliseconds(milliseconds)
  }
  /// Sets the wall clock to `seconds` since the Unix epoch, backwards too; the monotonic clock
  /// stays.
  public func set(seconds: UInt64) { current = seconds * 1000 }
  /// Sets `sleepStep`; nil makes every sleep move the clock by what it asked for.
  public func setSleepStep(milliseconds: UInt64?) { sleepStep = milliseconds }

  public func sleep(for duration: Duration) async throws {
    try Task.checkCancellation()
    let (seconds, attoseconds) = duration.components
    let milliseconds =
      UInt64(max(0, seconds)) * 1000 + UInt64(max(0, attoseconds)) / 1_000_000_000_000_000
    sleeps.append(milliseconds)
    let step = sleepStep ?? milliseconds
    current += step
    monotonic += .milliseconds(step)
    await Task.yield()
    try Task.checkCancellation()
  }
}
