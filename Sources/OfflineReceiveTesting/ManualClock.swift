internal import Bolt11
public import OfflineReceive

/// A clock that moves only when told to, and a sleeper that moves it: for tests, the demo and
/// adapter conformance runs.
///
/// A sleep advances the time by the requested interval, or by `sleepStep` when one is set,
/// and then yields so that other tasks run.
public actor ManualClock: WallClock {
  private var current: UInt64
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

  /// Moves the clock forward by `seconds`.
  public func advance(seconds: UInt64) { current += seconds * 1000 }
  /// Moves the clock forward by `milliseconds`.
  public func advance(milliseconds: UInt64) { current += milliseconds }
  /// Sets the clock to `seconds` since the Unix epoch, backwards too.
  public func set(seconds: UInt64) { current = seconds * 1000 }
  /// Sets `sleepStep`; nil makes every sleep move the clock by what it asked for.
  public func setSleepStep(milliseconds: UInt64?) { sleepStep = milliseconds }

  public func sleep(for duration: Duration) async throws {
    try Task.checkCancellation()
    let (seconds, attoseconds) = duration.components
    let milliseconds =
      UInt64(max(0, seconds)) * 1000 + UInt64(max(0, attoseconds)) / 1_000_000_000_000_000
    sleeps.append(milliseconds)
    current += sleepStep ?? milliseconds
    await Task.yield()
    try Task.checkCancellation()
  }
}
