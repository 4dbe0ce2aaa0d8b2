#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Unix time (seconds since 1970-01-01 00:00:00 UTC) for a program without Foundation: the wall
/// clock, and the texts people read.
///
/// Every check in these libraries takes the clock as a number (`now: UInt64`), so that a test can
/// set it; ``now()`` is the system's, for the call a program makes when it means "now".
///
/// ```swift
/// let now = UnixTime.now()
/// print(UnixTime.text(invoice.expiresAt))                      // 2017-06-01 10:58:38 UTC
/// print(UnixTime.relativeText(invoice.expiresAt, now: now))    // in 50 s, or 3 d ago
/// ```
public enum UnixTime {
  /// The wall clock, in whole Unix seconds (0 for a clock set before 1970).
  ///
  /// The user can set this clock: compare it with a signed time (an invoice's expiry), never use
  /// it to measure how long something took.
  public static func now() -> UInt64 {
    var time = timespec()
    guard clock_gettime(CLOCK_REALTIME, &time) == 0, time.tv_sec > 0 else { return 0 }
    return UInt64(time.tv_sec)
  }

  /// The date and time in UTC, to the second: `2017-06-01 10:57:38 UTC`. Years after 9999 are
  /// written with more digits; nothing traps.
  public static func text(_ seconds: UInt64) -> String {
    let days = Int64(clamping: seconds / 86_400)
    let secondsOfDay = Int64(seconds % 86_400)
    // Howard Hinnant's days-to-civil algorithm, for days on or after 1970-01-01.
    let z = days.addingReportingOverflow(719_468)
    guard !z.overflow else { return "\(seconds) (Unix seconds)" }
    let era = z.partialValue / 146_097
    let dayOfEra = z.partialValue - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(year)-\(two(month))-\(two(day)) \(two(secondsOfDay / 3600)):"
      + "\(two(secondsOfDay / 60 % 60)):\(two(secondsOfDay % 60)) UTC"
  }

  /// A span in its largest whole unit: `42 s`, `5 min`, `3 h`, `2 d`, `1 y` (365 days).
  public static func durationText(_ seconds: UInt64) -> String {
    switch seconds {
    case ..<60: "\(seconds) s"
    case ..<3600: "\(seconds / 60) min"
    case ..<86_400: "\(seconds / 3600) h"
    case ..<(365 * 86_400): "\(seconds / 86_400) d"
    default: "\(seconds / (365 * 86_400)) y"
    }
  }

  /// `time` seen from `now`: `in 5 min`, or `3 d ago` (a time equal to `now` is `0 s ago`).
  public static func relativeText(_ time: UInt64, now: UInt64) -> String {
    time > now ? "in \(durationText(time - now))" : "\(durationText(now - time)) ago"
  }
}
