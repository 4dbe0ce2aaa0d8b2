extension Features {
  /// A feature BOLT #9 allows in invoices, by name: the pair of bits it takes (even: required,
  /// odd: optional). The one list of the invoice features this package knows
  /// (``Features/knownInvoiceFeatures`` is made from it).
  public enum Feature: Int, Sendable, Hashable, CaseIterable {
    /// `var_onion_optin`, bits 8 and 9.
    case varOnionOptin = 8
    /// `payment_secret`, bits 14 and 15.
    case paymentSecret = 14
    /// `basic_mpp` (multi-part payments), bits 16 and 17.
    case basicMPP = 16
    /// `option_route_blinding`, bits 24 and 25.
    case routeBlinding = 24
    /// `option_attribution_data`, bits 36 and 37.
    case attributionData = 36
    /// `option_payment_metadata`, bits 48 and 49.
    case paymentMetadata = 48

    /// The required (even) bit; the optional one is the next.
    public var evenBit: Int { rawValue }

    /// BOLT #9's name (`basic_mpp`).
    public var name: String {
      switch self {
      case .varOnionOptin: "var_onion_optin"
      case .paymentSecret: "payment_secret"
      case .basicMPP: "basic_mpp"
      case .routeBlinding: "option_route_blinding"
      case .attributionData: "option_attribution_data"
      case .paymentMetadata: "option_payment_metadata"
      }
    }
  }

  /// Whether the invoice sets either bit of `feature`: the payee supports it (the odd bit) or
  /// requires it (the even bit).
  public func supports(_ feature: Feature) -> Bool {
    contains(bit: feature.evenBit) || contains(bit: feature.evenBit + 1)
  }

  /// Whether the invoice sets the even bit of `feature`: a payer that lacks it must not pay.
  public func requires(_ feature: Feature) -> Bool { contains(bit: feature.evenBit) }

  /// Whether the payee takes a payment in several parts (`basic_mpp`).
  public var supportsBasicMPP: Bool { supports(.basicMPP) }
  /// Whether the payee asks for the payment secret (`payment_secret`).
  public var supportsPaymentSecret: Bool { supports(.paymentSecret) }
  /// Whether the payee takes variable-size onions (`var_onion_optin`).
  public var supportsVarOnionOptin: Bool { supports(.varOnionOptin) }
  /// Whether the payee reads payment metadata (`option_payment_metadata`).
  public var supportsPaymentMetadata: Bool { supports(.paymentMetadata) }
  /// Whether the payee accepts blinded routes (`option_route_blinding`).
  public var supportsRouteBlinding: Bool { supports(.routeBlinding) }
}
