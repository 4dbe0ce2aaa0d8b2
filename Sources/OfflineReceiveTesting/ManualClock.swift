public import Bolt11
public import OfflineReceive

/// A clock that moves only when told to, and a sleeper that moves it: for tests, the demo and
/// adapter conformance runs.
///
/// A sleep advances the time by the requested interval, or by `sleepStep` when one is set
/// (spec §2.P fixture: "a fake whose sleep advances time by the requested interval (or by a fixed
/// step)"), and then yields so that other tasks run.
public actor ManualClock: WallClock, Sleeper {
  private var now: UInt64
  public var sleepStep: UInt64?
  /// Every sleep asked for, in milliseconds.
  public private(set) var sleeps: [UInt64] = []

  public init(seconds: UInt64, sleepStep: UInt64? = nil) {
    self.now = seconds * 1000
    self.sleepStep = sleepStep
  }

  public func milliseconds() -> UInt64 { now }

  public func advance(seconds: UInt64) { now += seconds * 1000 }
  public func advance(milliseconds: UInt64) { now += milliseconds }
  public func set(seconds: UInt64) { now = seconds * 1000 }
  public func setSleepStep(milliseconds: UInt64?) { sleepStep = milliseconds }

  public func sleep(milliseconds: UInt64) async throws {
    try Task.checkCancellation()
    sleeps.append(milliseconds)
    now += sleepStep ?? milliseconds
    await Task.yield()
    try Task.checkCancellation()
  }
}
