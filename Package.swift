// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "swift-bolt11",
  // The libraries need Swift concurrency (the offline-receive layer's actors): these are the
  // first systems that ship its runtime. Only Linux is built and tested (README, "Platforms").
  platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1)],
  products: [
    .library(name: "Bech32Codec", targets: ["Bech32Codec"]),
    // The chain table: prefixes, names, address versions and genesis hashes of each chain.
    .library(name: "Chains", targets: ["Chains"]),
    .library(name: "Bolt11", targets: ["Bolt11"]),
    // BOLT #12 offers: `Offer.decode(_:options:)`, read and checked in full, and `OfferBuilder`.
    .library(name: "Bolt12", targets: ["Bolt12"]),
    // Signing: `InvoiceBuilder.build(signingWith:)` takes a `Secp256k1.SigningKey`.
    .library(name: "Secp256k1", targets: ["Secp256k1"]),
    // The contract's JSON: `invoice.json`, the line `bolt11 decode --json` prints.
    .library(name: "Bolt11JSON", targets: ["Bolt11JSON"]),
    // What a pasted or scanned string is: `PaymentString(parsing:)`, offline and pure.
    .library(name: "PaymentInput", targets: ["PaymentInput"]),
    .library(name: "OfflineReceive", targets: ["OfflineReceive"]),
    // The vector files, the external-decoder runner and the reports of `bolt11 vectors`, for
    // another decoder's test target.
    .library(name: "Bolt11Conformance", targets: ["Bolt11Conformance"]),
    // Test doubles and the conformance suite, for an adapter's test target.
    .library(name: "OfflineReceiveTesting", targets: ["OfflineReceiveTesting"]),
    .executable(name: "bolt11", targets: ["Bolt11CLI"]),
  ],
  targets: [
    // libsecp256k1 from the system (Debian: libsecp256k1-dev), found through pkg-config.
    .systemLibrary(
      name: "CSecp256k1",
      pkgConfig: "libsecp256k1",
      providers: [.apt(["libsecp256k1-dev"]), .brew(["secp256k1"])]
    ),
    // The only library module that imports CSecp256k1 (TestSupport calls its tagged hash as the
    // tests' outside reference).
    // Bech32Codec: `Hex`, how its keys and signatures read and write as text.
    .target(name: "Secp256k1", dependencies: ["CSecp256k1", "Bech32Codec"]),
    // Chains: the segwit human-readable parts of the chain table.
    .target(name: "Bech32Codec", dependencies: ["Chains"]),
    // The one chain table, below every module that names a chain, and the vocabulary both
    // invoice kinds share (`ShortChannelID`, `ExpiryRule`); no dependencies.
    .target(name: "Chains"),
    // SHA-256 blocks on the x86 SHA extensions; only Hashing imports it (SHA256.swift), which
    // keeps its portable Swift rounds for other CPUs.
    .target(name: "CSHA256"),
    // SHA-256, below Bolt11 and Bolt12; in no product (Bolt11 names it `SHA256` for its users).
    // Bech32Codec: the stack-built array of the digest.
    .target(name: "Hashing", dependencies: ["CSHA256", "Bech32Codec"]),
    // Chains: `Currency` maps to the chain table's rows.
    .target(name: "Bolt11", dependencies: ["Bech32Codec", "Secp256k1", "Hashing", "Chains"]),
    // Hashing: the offer id. Not Bolt11: the two invoice kinds share only the modules below them.
    .target(name: "Bolt12", dependencies: ["Bech32Codec", "Secp256k1", "Chains", "Hashing"]),
    // Bolt12: the string form of BOLT #12 strings, and the offers they hold.
    .target(
      name: "PaymentInput",
      dependencies: ["Bolt11", "Bech32Codec", "Secp256k1", "Chains", "Bolt12"]),
    // PaymentInput: the JSON of `bolt11 inspect` (PaymentStringJSON.swift); Bolt12: its offers.
    .target(
      name: "Bolt11JSON",
      dependencies: ["Bolt11", "Bech32Codec", "Secp256k1", "PaymentInput", "Bolt12"]),
    // The one retry of system calls interrupted by a signal (EINTR); in no product.
    .target(name: "CSystemCall"),
    .target(name: "SystemCall", dependencies: ["CSystemCall"]),
    .target(
      name: "OfflineReceive",
      // Bolt11JSON: the journal's JSON, without Foundation's coders.
      dependencies: ["Bolt11", "Bech32Codec", "Secp256k1", "SystemCall", "Bolt11JSON"]),
    .target(
      name: "Bolt11Conformance",
      dependencies: [
        "Bolt11", "Bolt11JSON", "OfflineReceive", "Bech32Codec", "SystemCall", "PaymentInput",
        "Bolt12",
      ]),
    // Secp256k1: TestSigner signs the fake node's invoices with a test key.
    .target(
      name: "OfflineReceiveTesting", dependencies: ["OfflineReceive", "Bolt11", "Secp256k1"]),
    .target(
      name: "Bolt11Tool",
      dependencies: [
        "Bolt11", "Bolt11JSON", "Bolt11Conformance", "OfflineReceive", "Bech32Codec", "Secp256k1",
        "SystemCall", "PaymentInput", "Chains", "Bolt12",
      ]),
    .executableTarget(name: "Bolt11CLI", dependencies: ["Bolt11Tool"]),
    // `swift run -c release bolt11-bench [CORPUS]`: the decoder against the libsecp256k1 floor.
    .executableTarget(
      name: "bolt11-bench",
      // TestSupport: libsecp256k1's tagged hash, which the BOLT #12 signature floor is made of.
      dependencies: [
        "Bolt11", "Bolt11JSON", "Secp256k1", "Bech32Codec", "Bolt11Tool", "OfflineReceive",
        "Bolt12", "TestSupport",
      ],
      path: "Tools/bolt11-bench"),
    .executableTarget(
      name: "offline-receive-demo",
      dependencies: ["OfflineReceive", "OfflineReceiveTesting", "Bolt11", "Secp256k1"],
      path: "Tools/offline-receive-demo"),
    // `swift run -c release journal-bench [DIRECTORY]`: the file journal's save cost and size
    // as a wallet's history grows.
    .executableTarget(
      name: "journal-bench", dependencies: ["OfflineReceive", "Bolt11", "Secp256k1"],
      path: "Tools/journal-bench"),
    // The code of the article "Writing a provider adapter"; CI runs it.
    .executableTarget(
      name: "adapter-guide",
      dependencies: ["OfflineReceive", "OfflineReceiveTesting", "Bolt11", "Secp256k1"],
      path: "Tools/adapter-guide"),
    // Writes Vectors/bolt11-edge.json.
    .executableTarget(
      name: "edge-vectors", dependencies: ["Bolt11", "Secp256k1", "Bech32Codec", "TestSupport"],
      path: "Tools/edge-vectors"),

    // What the tests and the tools in Tools/ share: hex, a seeded generator, temporary folders,
    // fake keys, the way to Vectors/ and a signer of arbitrary words. In no product, so no wallet
    // links it (as swift-argument-parser's ArgumentParserTestHelpers): Tests/ holds only the
    // suites, every file of which asserts something.
    // CSecp256k1: libsecp256k1's BIP-340 tagged hash, the oracle of the package's own.
    .target(
      name: "TestSupport",
      dependencies: ["Bech32Codec", "Secp256k1", "Bolt11", "Bolt11JSON", "CSecp256k1"]),
    // The offline-receive tests' fakes (provider, node script, payment history, display cache),
    // test keys and invoice factory: what their suites share, apart from the suites themselves.
    .target(
      name: "OfflineReceiveFixtures",
      dependencies: [
        "OfflineReceive", "OfflineReceiveTesting", "Bolt11", "Secp256k1", "TestSupport",
      ]),
    // The tool tests' harness (the tool run as a function), the spec's example invoices and
    // invoices signed with a fake key.
    .target(
      name: "Bolt11ToolFixtures", dependencies: ["Bolt11Tool", "TestSupport"]),

    .testTarget(name: "Bech32CodecTests", dependencies: ["Bech32Codec", "TestSupport", "Chains"]),
    // Bolt11: its SHA-256 computes each genesis hash from its header.
    .testTarget(name: "ChainsTests", dependencies: ["Chains", "Bolt11"]),
    .testTarget(name: "Secp256k1Tests", dependencies: ["Secp256k1", "TestSupport"]),
    .testTarget(name: "SystemCallTests", dependencies: ["SystemCall"]),
    .testTarget(
      name: "PaymentInputTests",
      dependencies: [
        "PaymentInput", "Bolt11", "Bech32Codec", "Secp256k1", "TestSupport", "Chains", "Bolt12",
      ]),
    .testTarget(
      name: "Bolt12Tests",
      dependencies: ["Bolt12", "Bech32Codec", "Secp256k1", "Chains", "Hashing", "TestSupport"]),
    .testTarget(
      name: "Bolt11Tests",
      // Hashing: SHA256Tests compares its two engines (internal to Hashing).
      dependencies: ["Bolt11", "Bech32Codec", "Secp256k1", "TestSupport", "Chains", "Hashing"]),
    .testTarget(
      name: "OfflineReceiveTests",
      dependencies: [
        "OfflineReceive", "OfflineReceiveTesting", "OfflineReceiveFixtures", "Bolt11", "Secp256k1",
        "TestSupport",
      ],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "Bolt11ToolTests",
      // Bech32Codec and Secp256k1: the tests assemble their own fixture invoices.
      dependencies: [
        "Bolt11Tool", "Bolt11ToolFixtures", "Bolt11", "Bolt11JSON", "Bolt11Conformance",
        "OfflineReceive", "Bech32Codec", "Secp256k1", "TestSupport", "PaymentInput", "SystemCall",
        "Chains", "Bolt12",
      ]),
    .testTarget(
      name: "Bolt11ConformanceTests",
      dependencies: ["Bolt11Conformance", "Bolt11", "Bolt11JSON", "TestSupport"]),
    .testTarget(
      name: "Bolt11JSONTests",
      dependencies: ["Bolt11JSON", "Bolt11", "Secp256k1", "PaymentInput", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
