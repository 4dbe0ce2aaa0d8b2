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

  /// The boot clock `ContinuousClock` reads, since the boot, with the boot's identity: on Linux
  /// `clock_gettime(CLOCK_BOOTTIME)` and `/proc/sys/kernel/random/boot_id`, on Apple platforms
  /// `clock_gettime(CLOCK_MONOTONIC_RAW)` (which counts while asleep) and the
  /// `kern.bootsessionuuid` sysctl. Nil when either cannot be read.
  public func bootClockNow() async -> BootClockReading? { Self.bootClockReading() }

  /// `bootClockNow()`, without suspending.
  static func bootClockReading() -> BootClockReading? {
    guard let bootID else { return nil }
    var time = timespec()
    #if canImport(Darwin)
      let clock = CLOCK_MONOTONIC_RAW
    #else
      let clock = CLOCK_BOOTTIME
    #endif
    let succeeded = clock_gettime(clock, &time) == 0
    guard succeeded else { return nil }
    return BootClockReading(
      bootID: bootID, sinceBoot: .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec))
  }

  /// This boot's identity, read once per process.
  static let bootID: String? = readBootID()

  private static func readBootID() -> String? {
    // 36 characters of a UUID, its line end, a terminating zero, and room to spare.
    var buffer = [CChar](repeating: 0, count: 64)
    #if canImport(Darwin)
      var length = buffer.count
      let succeeded = sysctlbyname("kern.bootsessionuuid", &buffer, &length, nil, 0) == 0
      guard succeeded else { return nil }
    #else
      guard let file = fopen("/proc/sys/kernel/random/boot_id", "r") else { return nil }
      defer { fclose(file) }
      let readLine = fgets(&buffer, Int32(buffer.count), file) != nil
      guard readLine else { return nil }
    #endif
    let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    let text = String(decoding: bytes, as: UTF8.self).filter { !$0.isWhitespace }
    return text.isEmpty ? nil : text
  }

  /// Sleeps with `Task.sleep`; throws `CancellationError` when the task is cancelled.
  public func sleep(for duration: Duration) async throws {
    try await Task.sleep(for: duration)
  }
}
