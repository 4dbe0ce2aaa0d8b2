/// Runs `kind: "offline"` vectors (the offline-receive check).
enum OfflineVectors {
  static func run(_ object: JSON, wantsValid: Bool) -> String? {
    "offline vectors are not supported yet"
  }
}
