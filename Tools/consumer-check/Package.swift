// swift-tools-version:6.0
import PackageDescription

// A package outside swift-bolt11 that uses it as a wallet would: through its library products
// only, by path, with neither Foundation nor Glibc imported (Tools/consumer-check.sh builds and
// runs it). A symbol a library leaves for its user to provide fails the link here.

// SwiftPM names a path dependency after its folder, and a clone may have any name: the folder
// two levels up, as `.package(path: "../..")` finds it.
let root = Context.packageDirectory.split(separator: "/").dropLast(2)
let dependency = String(root.last ?? "swift-bolt11")

/// One executable per library product, named `use-<product, lower case>`, with the products its
/// program also names types of (as a wallet's target lists them).
let products: [(product: String, also: [String])] = [
  ("Bech32Codec", []), ("Bolt11", []), ("Secp256k1", []), ("Bolt11JSON", ["Bolt11"]),
  ("PaymentInput", []), ("OfflineReceive", ["Bolt11"]), ("Bolt11Conformance", []),
  ("OfflineReceiveTesting", ["Bolt11"]),
]

let package = Package(
  name: "consumer-check",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  dependencies: [.package(path: "../..")],
  targets: products.map { product, also in
    .executableTarget(
      name: "use-\(product.lowercased())",
      dependencies: ([product] + also).map { .product(name: $0, package: dependency) })
  },
  swiftLanguageModes: [.v6]
)
