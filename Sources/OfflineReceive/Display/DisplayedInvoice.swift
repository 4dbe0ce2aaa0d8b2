/// The strings a QR shows: the BOLT11 and the URI (BIP21 or `lightning:`).
public struct DisplayedInvoice: Sendable, Hashable {
  /// The BOLT #11 text the QR encodes.
  public var bolt11: String
  /// The URI the QR encodes: BIP21 or `lightning:`.
  public var uri: String

  /// What a QR shows.
  public init(bolt11: String, uri: String) {
    self.bolt11 = bolt11
    self.uri = uri
  }

  /// Nothing to show.
  public static let empty = DisplayedInvoice(bolt11: "", uri: "")

  /// The offline slot's strings for a validated invoice: lower-case BOLT11, `lightning:` URI
  /// (an offline invoice has no on-chain address to put in a BIP21).
  public init(offline accepted: AcceptedInvoice) {
    self.init(bolt11: accepted.bolt11, uri: "lightning:" + accepted.bolt11)
  }
}
