internal import Bolt11
public import OfflineReceive

/// A clock that moves only when told to, and a sleeper that moves it: for tests, the demo and
/// adapter conformance runs.
///
/// A sleep advances the time by the requested duration, or by `sleepStep` when one is set, and
/// then yields so that other tasks run. It keeps a wall clock (a `Duration` since the Unix
/// epoch; `now()` answers whole seconds), a monotonic one (`monotonicNow()`) and a boot clock
/// (`bootClockNow()`): `advance` and sleeps move all three, `set(seconds:)` moves only the wall
/// clock, as a user changing the phone's time does, and `reboot(id:)` starts another boot.
public actor ManualClock: WallClock {
  /// The wall clock: the time since the Unix epoch.
  public private(set) var wallTime: Duration
  private var monotonic: Duration = .zero
  /// The identity of the boot `bootClockNow()` reports; nil makes it report no reading.
  public private(set) var bootID: String? = "manual-clock-boot"
  /// The boot clock: the time advanced and slept since the boot.
  public private(set) var sinceBoot: Duration = .zero
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
  /// `sinceBoot` in the boot `bootID`, or nil when `bootID` is nil.
  public func bootClockNow() async -> BootClockReading? {
    bootID.map { BootClockReading(bootID: $0, sinceBoot: sinceBoot) }
  }

  /// Moves both clocks forward by `duration`.
  public func advance(by duration: Duration) {
    wallTime += duration
    monotonic += duration
    sinceBoot += duration
  }
  /// Moves both clocks forward by `seconds`.
  public func advance(seconds: UInt64) { advance(by: .seconds(seconds)) }
  /// Sets the wall clock to `seconds` since the Unix epoch, backwards too; the monotonic and
  /// boot clocks stay.
  public func set(seconds: UInt64) { wallTime = .seconds(seconds) }
  /// Starts another boot: `bootID` becomes `id` and the boot clock `sinceBoot`; the wall and
  /// monotonic clocks stay.
  public func reboot(id: String?, sinceBoot: Duration = .zero) {
    bootID = id
    self.sinceBoot = sinceBoot
  }
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
