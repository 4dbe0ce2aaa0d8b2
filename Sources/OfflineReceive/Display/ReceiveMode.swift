/// Which slot of the display store the QR reads from (spec §1.8).
public enum ReceiveMode: Sendable, Hashable {
  /// The ordinary BOLT11/BIP21, persisted across launches.
  case ordinary
  /// The offline BOLT11, memory only.
  case offline
}
