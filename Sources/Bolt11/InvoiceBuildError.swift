/// Why the builder refused to make an invoice. It never makes one a reader would refuse.
public struct InvoiceBuildError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Code: String, CaseIterable, Sendable {
    case invalidPaymentHash = "build.invalid_payment_hash"
    case invalidPaymentSecret = "build.invalid_payment_secret"
    case invalidDescriptionHash = "build.invalid_description_hash"
    case descriptionTooLong = "build.description_too_long"
    case invalidAmount = "build.invalid_amount"
    case invalidTimestamp = "build.invalid_timestamp"
    case invalidExpiry = "build.invalid_expiry"
    case invalidMinFinalCLTVExpiry = "build.invalid_min_final_cltv_expiry"
    case invalidRoute = "build.invalid_route"
    case invalidMetadata = "build.invalid_metadata"
    case invalidFeatures = "build.invalid_features"
    case invalidExtraField = "build.invalid_extra_field"
    case invalidFieldOrder = "build.invalid_field_order"
    case invalidKey = "build.invalid_key"
    case tooLong = "build.too_long"
  }

  public var code: Code
  public var message: String

  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  public var description: String { "\(code.rawValue): \(message)" }
}
