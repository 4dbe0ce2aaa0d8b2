/// What a new intent does when another live intent of the same wallet exists (spec §4 W4).
public enum SupersedePolicy: Sendable, Equatable {
  /// Cancel the other live intents on the node first and keep them as tombstones.
  case cancelOthers
  /// Refuse with `offline.request_in_progress`.
  case refuse
}
