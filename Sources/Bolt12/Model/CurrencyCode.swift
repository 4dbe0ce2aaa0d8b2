/// The decimal places of ISO 4217's currencies (list one as published on 2026-01-01): how many
/// digits of an amount in the currency's minor unit follow the decimal point.
///
/// Codes withdrawn from the list are not listed: ANG (replaced by XCG), SLL (by SLE), ZWL (by
/// ZWG), CUC, HRK and BGN (the euro).
///
/// An offer in a currency gives its amount in the minor unit (cents for USD): 1250 in USD is
/// 12.50 USD, 1250 in JPY is 1250 JPY.
public enum CurrencyCode {
  /// The decimal places of `code`: 2 for USD, 0 for JPY, 3 for KWD; nil for a code the list does
  /// not hold, and for a listed code without a minor unit (XAU, XXX, ...), which
  /// ``isListed(_:)`` tells apart.
  public static func minorUnit(_ code: String) -> Int? {
    guard let digits = table[code] else { return nil }
    return digits < 0 ? nil : digits
  }

  /// Whether ISO 4217's list one holds `code`.
  public static func isListed(_ code: String) -> Bool { table[code] != nil }

  /// Every listed code with its decimal places; -1 for a code without a minor unit.
  private static let table: [String: Int] = {
    var table: [String: Int] = [:]
    // Two decimal places: most currencies.
    let two =
      "AED AFN ALL AMD AOA ARS AUD AWG AZN BAM BBD BDT BMD BND BOB BOV BRL BSD BTN BWP BYN BZD "
      + "CAD CDF CHE CHF CHW CNY COP COU CRC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP "
      + "GEL GHS GIP GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP "
      + "LKR LRD LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD NGN NIO NOK NPR "
      + "NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN "
      + "SVC SYP SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD USN UYU UZS VED VES WST XCD XCG YER ZAR "
      + "XAD ZMW ZWG"
    let zero = "BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF"
    let three = "BHD IQD JOD KWD LYD OMR TND"
    let four = "CLF UYW"
    // Funds, precious metals and codes for testing: no minor unit.
    let none = "XAG XAU XBA XBB XBC XBD XDR XPD XPT XSU XTS XUA XXX"
    for (codes, digits) in [(two, 2), (zero, 0), (three, 3), (four, 4), (none, -1)] {
      for code in codes.split(separator: " ") { table[String(code)] = digits }
    }
    return table
  }()
}
