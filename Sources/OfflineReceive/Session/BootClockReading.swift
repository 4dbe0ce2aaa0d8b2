/// A reading of the clock every process of one boot shares: it counts from the boot, keeps
/// counting while the device sleeps, and no one can set it.
///
/// Two readings with the same `bootID` compare as real instants, whichever processes took
/// them: their difference is the real time between them, whatever the wall clock did. Readings
/// of different boots do not compare. `WallClock.bootClockNow()` takes one; `DisplayDeadline`
/// keeps the one taken when an invoice was first shown.
public struct BootClockReading: Sendable, Hashable, Codable {
  /// The identity of the boot (on Linux its `boot_id`, on Apple platforms its boot session
  /// UUID).
  public var bootID: String
  /// The time since the boot, sleep included.
  public var sinceBoot: Duration

  /// A reading of `sinceBoot` in the boot `bootID`.
  public init(bootID: String, sinceBoot: Duration) {
    self.bootID = bootID
    self.sinceBoot = sinceBoot
  }

  /// The real time from `earlier` to this reading; nil when the two are of different boots or
  /// `earlier` is later.
  public func elapsed(since earlier: BootClockReading) -> Duration? {
    guard bootID == earlier.bootID, sinceBoot >= earlier.sinceBoot else { return nil }
    return sinceBoot - earlier.sinceBoot
  }
}
