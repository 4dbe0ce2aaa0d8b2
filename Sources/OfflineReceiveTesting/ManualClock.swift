internal import Bolt11
public import OfflineReceive

/// A clock that moves only when told to, and a sleeper that moves it: for tests, the demo and
/// adapter conformance runs.
///
/// A sleep advances the time by the requested duration, or by `sleepStep` when one is set, and
/// then yields so that other tasks run. It keeps a wall clock (a `Duration` since the Unix
/// epoch; `now()` answers whole seconds) and a monotonic one (`monotonicNow()`): `advance` and
/// sleeps move both, `set(seconds:)` moves only the wall clock, as a user changing the phone's
/// time does.
public actor ManualClock: WallClock {
  /// The wall clock: the time since the Unix epoch.
  public private(set) var wallTime: Duration
  private var monotonic: Duration = .zero
  /// When set, how far every sleep moves the clock, whatever it asked for.
  public var sleepStep: Duration?
  /// Every sleep asked for.
  public private(set) var sleeps: [Duration] = []

  /// A clock at `seconds` since the Unix epoch; `sleepStep` as the property.
  public init(seconds: UInt64, sleepStep: Duration? = nil) {
    self.wallTime = .seconds(seconds)
    self.sleepStep = sleepStep
  }

  /// Whole seconds since the Unix epoch.
  public func seconds() -> UInt64 { UInt64(max(0, wallTime.components.seconds)) }
  public func now() -> UInt64 { seconds() }
  /// The time advanced and slept since the clock was made; `set(seconds:)` does not move it.
  public func monotonicNow() async -> Duration { monotonic }

  /// Moves both clocks forward by `duration`.
  public func advance(by duration: Duration) {
    wallTime += duration
    monotonic += duration
  }
  /// Moves both clocks forward by `seconds`.
  public func advance(seconds: UInt64) { advance(by: .seconds(seconds)) }
  /// Sets the wall clock to `seconds` since the Unix epoch, backwards too; the monotonic clock
  /// stays.
  public func set(seconds: UInt64) { wallTime = .seconds(seconds) }
  /// Sets `sleepStep`; nil makes every sleep move the clock by what it asked for.
  public func setSleepStep(_ step: Duration?) { sleepStep = step }

  public func sleep(for duration: Duration) async throws {
    try Task.checkCancellation()
    sleeps.append(duration)
    advance(by: sleepStep ?? duration)
    await Task.yield()
    try Task.checkCancellation()
  }
}
