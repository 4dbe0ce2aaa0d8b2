// bolt11-bench: the decoder against the elliptic-curve floor, in one run, single thread.
//
//   swift run -c release bolt11-bench [CORPUS] [--passes N] [--batch-min N]
//
// CORPUS defaults to $BOLT11_BENCH_CORPUS, then ../shared/bench/corpus.txt relative to the current
// directory and to the package root. Every figure is the median of several timed passes over the
// whole corpus after a warm-up pass, in nanoseconds per invoice. Ratios come from the same run:
// the floor, decode, decode + JSON, the CLI's batch path, the offline validation and a payer's
// check with a known payee take turns every 32 invoices, and each `..._over_floor` is the median
// of the per-round ratios.

import Bech32Codec
import Bolt11
import Bolt11JSON
import Bolt11Tool
import Dispatch
import Foundation
import OfflineReceive
import Secp256k1
import Synchronization

#if DEBUG
  FileHandle.standardError.write(
    Data(
      "bolt11-bench: refusing to report from a debug build; use `swift run -c release bolt11-bench`\n"
        .utf8))
  exit(2)
#else

  // BOLT #12 invoices alone (no corpus): `bolt11-bench --bolt12-invoices`, or one of its passes
  // for a profiler: `bolt11-bench --bolt12-invoices --only invoice12|invoice12-signature-floor|
  // invoice12-full-floor [--passes N]`.
  if CommandLine.arguments.dropFirst().first == "--bolt12-invoices" {
    let arguments = Array(CommandLine.arguments.dropFirst(2))
    if arguments.isEmpty {
      Bolt12InvoiceBench.report()
      exit(0)
    }
    guard arguments.count == 2 || arguments.count == 4, arguments[0] == "--only",
      let pass = Bolt12InvoiceBench.passes[arguments[1]],
      arguments.count == 2 || (arguments[2] == "--passes" && (Int(arguments[3]) ?? 0) > 0)
    else {
      FileHandle.standardError.write(
        Data(
          ("usage: bolt11-bench --bolt12-invoices [--only "
            + "\(Bolt12InvoiceBench.passes.keys.sorted().joined(separator: "|")) [--passes N]]\n")
            .utf8))
      exit(2)
    }
    Bolt12InvoiceBench.profile(pass, name: arguments[1], passes: Int(arguments.last!) ?? 100)
    exit(0)
  }

  // BOLT #12 offers alone (no corpus): `bolt11-bench --bolt12-offers`, one JSON line.
  if CommandLine.arguments.dropFirst().first == "--bolt12-offers" {
    OfferBench.report()
    exit(0)
  }

  // One offer decoded N times, for counting what a decode allocates:
  // `valgrind --tool=memcheck bolt11-bench --bolt12-offer TEXT --repeat N` (heap summary,
  // N = 1 and N = 101: the difference over 100 is the allocations of one decode).
  if CommandLine.arguments.dropFirst().first == "--bolt12-offer" {
    let arguments = Array(CommandLine.arguments.dropFirst(2))
    guard arguments.count == 3, arguments[1] == "--repeat", let count = Int(arguments[2]), count > 0
    else {
      FileHandle.standardError.write(
        Data("usage: bolt11-bench --bolt12-offer TEXT --repeat N\n".utf8))
      exit(2)
    }
    OfferBench.repeatDecode(arguments[0], count: count)
    exit(0)
  }

  // MARK: Arguments and corpus

  struct Settings {
    var corpusPath: String?
    /// Timed passes per measurement (after one warm-up pass).
    var passes = 21
    /// Invoices decoded in the batch measurement, at least.
    var batchMinimum = 100_000
    /// Passes of the batch measurement (single core and all cores each).
    var batchPasses = 3
    /// Run only this measurement, `passes` times, and print its checksum: for profilers such as
    /// `valgrind --tool=callgrind`, whose instruction counts compare commits better than a clock.
    var only: String?
  }

  let onlyChoices = [
    "floor", "secp256k1", "sha256", "route-keys", "decode", "parse", "json",
    "batch-cli", "build", "validate", "check-payee", "offer", "offer-floor",
  ]

  func usage() -> Never {
    FileHandle.standardError.write(
      Data(
        ("usage: bolt11-bench [CORPUS] [--passes N] [--batch-min N] [--batch-passes N] "
          + "[--only \(onlyChoices.joined(separator: "|"))]\n").utf8))
    exit(2)
  }

  func readSettings() -> Settings {
    var settings = Settings()
    var arguments = CommandLine.arguments.dropFirst()
    func number(_ name: String) -> Int {
      guard let text = arguments.popFirst(), let value = Int(text), value > 0 else { usage() }
      return value
    }
    while let argument = arguments.popFirst() {
      switch argument {
      case "--passes": settings.passes = number(argument)
      case "--batch-min": settings.batchMinimum = number(argument)
      case "--batch-passes": settings.batchPasses = number(argument)
      case "--only":
        guard let name = arguments.popFirst(), onlyChoices.contains(name) else { usage() }
        settings.only = name
      case "-h", "--help": usage()
      default:
        guard settings.corpusPath == nil, !argument.hasPrefix("-") else { usage() }
        settings.corpusPath = argument
      }
    }
    return settings
  }

  /// The corpus: the argument, `$BOLT11_BENCH_CORPUS`, or `../shared/bench/corpus.txt` next to
  /// the current directory or to the package root (found from this source file's place).
  func corpusPath(_ settings: Settings) -> String {
    if let path = settings.corpusPath { return path }
    if let path = ProcessInfo.processInfo.environment["BOLT11_BENCH_CORPUS"], !path.isEmpty {
      return path
    }
    let relative = "../shared/bench/corpus.txt"
    let packageRoot = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let candidates = [
      URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(
        relative),
      packageRoot.appendingPathComponent(relative),
    ]
    for candidate in candidates where FileManager.default.fileExists(atPath: candidate.path) {
      return candidate.standardizedFileURL.path
    }
    FileHandle.standardError.write(
      Data(
        ("bolt11-bench: no corpus; pass a file or set BOLT11_BENCH_CORPUS (looked for "
          + candidates.map(\.path).joined(separator: ", ") + ")\n").utf8))
    exit(2)
  }

  // MARK: Timing

  @inline(never)
  func nanoseconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start)
  }

  func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  /// Keeps results alive so the optimizer cannot drop the work that made them.
  final class Checksum: Sendable {
    private let value = Mutex<UInt64>(0)
    @inline(never)
    func consume(_ result: UInt64) { value.withLock { $0 = $0 &* 31 &+ result } }
    var current: UInt64 { value.withLock { $0 } }
  }
  let checksum = Checksum()
  func consume(_ result: UInt64) { checksum.consume(result) }

  // MARK: The measured work

  /// What the floor needs, prepared by our parser outside the timed loops.
  struct Prepared {
    var preimage: [UInt8]
    var hash: [UInt8]
    var compact: [UInt8]
    var recoveryID: Int
    var statedPayee: [UInt8]?
  }

  func floorSecp256k1(_ item: Prepared, hash: [UInt8]) -> UInt64 {
    if let payee = item.statedPayee {
      let isValid =
        (try? ECDSA.verify(compactSignature: item.compact, hash: hash, publicKey: payee))
        ?? false
      return isValid ? 1 : 0
    }
    let key = try? ECDSA.recoverPublicKey(
      compactSignature: item.compact, recoveryID: item.recoveryID, hash: hash)
    return UInt64(key?[1] ?? 0)
  }

  @inline(never)
  func floorPass(_ prepared: ArraySlice<Prepared>) -> UInt64 {
    var sum: UInt64 = 0
    for item in prepared { sum &+= floorSecp256k1(item, hash: SHA256.hash(item.preimage)) }
    return sum
  }

  @inline(never)
  func floorSecp256k1Pass(_ prepared: [Prepared]) -> UInt64 {
    var sum: UInt64 = 0
    for item in prepared { sum &+= floorSecp256k1(item, hash: item.hash) }
    return sum
  }

  @inline(never)
  func sha256Pass(_ prepared: [Prepared]) -> UInt64 {
    var sum: UInt64 = 0
    for item in prepared { sum &+= UInt64(SHA256.hash(item.preimage)[0]) }
    return sum
  }

  @inline(never)
  func routeKeyPass(_ keys: [[UInt8]]) -> UInt64 {
    var sum: UInt64 = 0
    for key in keys where ECDSA.isValidPublicKey(key) { sum &+= 1 }
    return sum
  }

  /// An invoice and the options it decodes with.
  struct Line: Sendable {
    var text: String
    var options: DecodeOptions
  }

  @inline(never)
  func decodePass(_ corpus: ArraySlice<Line>) -> UInt64 {
    var sum: UInt64 = 0
    for line in corpus {
      guard let invoice = try? Invoice.decode(line.text, options: line.options) else { continue }
      sum &+= UInt64(invoice.payeeNodeID.withUnsafeBytes { $0[1] }) &+ invoice.createdAt
    }
    return sum
  }

  @inline(never)
  func parsePass(_ corpus: [Line]) -> UInt64 {
    var sum: UInt64 = 0
    for line in corpus {
      guard let invoice = try? SignedRawInvoice.parse(line.text, options: line.options) else {
        continue
      }
      // Stored values only: reading `paymentHash` would time the accessor's array, not parsing.
      sum &+= UInt64(invoice.raw.words.count) &+ invoice.fields.createdAt
    }
    return sum
  }

  /// The offline-receive check of one corpus invoice: the policy a wallet would hold for it (its
  /// amount, its payee as our node, its chain, the default lifetime and CLTV rules) at its own
  /// creation time.
  struct Validation {
    var policy: ReceivePolicy
    var now: UInt64
  }

  /// The sum of `body` over the corpus lines `indices`: the loop of the per-line passes below.
  @inline(never)
  func sumOverLines(_ indices: Range<Int>, _ body: (Int) -> UInt64) -> UInt64 {
    var sum: UInt64 = 0
    for index in indices { sum &+= body(index) }
    return sum
  }

  /// `OfflineInvoiceValidator.validate` of the text: strict decode, then the receive policy.
  func validatePass(_ corpus: [Line], _ validations: [Validation], _ indices: Range<Int>)
    -> UInt64
  {
    sumOverLines(indices) { index in
      OfflineInvoiceValidator.validate(
        corpus[index].text, policy: validations[index].policy, now: validations[index].now
      ).accepted?.displayUntil ?? 1
    }
  }

  /// A payer's check with the payee known beforehand (a contact, an LNURL service): decode, then
  /// `InvoiceExpectations.check` with that payee, the amount and the chain. The payee is named as
  /// every payer names it: verified against `n` when the invoice has one, else recovered with the
  /// signature's recovery id and compared; verifying without `n` against the expected key would
  /// accept a recovery id that names another key.
  struct PayeeCheck {
    var expectations: InvoiceExpectations
    var now: UInt64
  }

  func checkPayeePass(_ corpus: [Line], _ payeeChecks: [PayeeCheck], _ indices: Range<Int>)
    -> UInt64
  {
    sumOverLines(indices) { index in
      let line = corpus[index]
      guard let invoice = try? Invoice.decode(line.text, options: line.options) else { return 0 }
      let check = payeeChecks[index]
      return UInt64(check.expectations.check(invoice, now: check.now).count) &+ invoice.createdAt
    }
  }

  /// Decode and the contract JSON written to bytes, as `decode --batch` writes each line.
  @inline(never)
  func jsonPass(_ corpus: ArraySlice<Line>) -> UInt64 {
    var sum: UInt64 = 0
    // One writer kept across lines, as each `decode --batch` worker keeps one.
    var output = ByteWriter(capacity: 1 << 16)
    for line in corpus {
      guard let invoice = try? Invoice.decode(line.text, options: line.options) else { continue }
      output.removeAll()
      InvoiceJSON.write(invoice, to: &output)
      sum &+= UInt64(output.count)
    }
    return sum
  }

  /// `InvoiceBuilder.build(signingWith:)` of each corpus invoice reproduced (signed with a test
  /// key, 32 bytes of 0x01, never a real one): what `bolt11 encode` does per invoice, without the
  /// JSON.
  @inline(never)
  func buildPass(_ builders: [InvoiceBuilder], key: SigningKey) -> UInt64 {
    var sum: UInt64 = 0
    for builder in builders {
      guard let invoice = try? builder.build(signingWith: key) else { continue }
      sum &+= UInt64(invoice.raw.words.count) &+ UInt64(invoice.signature.recoveryID)
    }
    return sum
  }

  /// Counts what it is given and writes it to `/dev/null`, as a real write(2) each time.
  final class NullSink: ByteSink, @unchecked Sendable {
    // Invariant for @unchecked Sendable: the decoder writes from the calling thread only.
    let file: FileSink
    var bytes: UInt64 = 0
    init() {
      let descriptor = open("/dev/null", O_WRONLY | O_CLOEXEC)
      precondition(descriptor >= 0, "/dev/null opens")
      file = FileSink(descriptor: descriptor, name: "/dev/null")
    }
    func write(_ bytes: [UInt8]) throws {
      self.bytes &+= UInt64(bytes.count)
      try file.write(bytes)
    }
    func write(_ bytes: UnsafeBufferPointer<UInt8>) throws {
      self.bytes &+= UInt64(bytes.count)
      try file.write(bytes)
    }
  }
  let nullSink = NullSink()

  /// `bolt11 decode --batch FILE --jobs N` as the CLI runs it, minus argument parsing: the file
  /// opened and read, lines split, decoded, NDJSON written to `/dev/null`.
  @inline(never)
  func batchCLIPass(_ file: String, options: DecodeOptions = DecodeOptions(), jobs: Int = 1)
    -> UInt64
  {
    let decoder = BatchDecoder(options: options, jobs: jobs)
    do {
      let summary = try decoder.run(input: try FileSource.open(file), output: nullSink)
      return UInt64(summary.decoded) &+ nullSink.bytes
    } catch {
      FileHandle.standardError.write(Data("bolt11-bench: \(file): \(error)\n".utf8))
      exit(2)
    }
  }

  /// Decodes `chunks` copies of the corpus on this thread, then on all cores through
  /// `DispatchQueue.concurrentPerform`, `passes` times each, alternating: the elapsed times.
  func batch(_ corpus: [Line], chunks: Int, passes: Int) -> (
    single: [Double], parallel: [Double]
  ) {
    var single: [Double] = []
    var parallel: [Double] = []
    for _ in 0..<passes {
      single.append(nanoseconds { for _ in 0..<chunks { consume(decodePass(corpus[...])) } })
      parallel.append(
        nanoseconds {
          DispatchQueue.concurrentPerform(iterations: chunks) { _ in
            consume(decodePass(corpus[...]))
          }
        })
    }
    return (single, parallel)
  }

  // MARK: Run

  func format(_ value: Double, decimals: Int = 0) -> String {
    String(format: "%.\(decimals)f", value)
  }

  let settings = readSettings()
  let path = corpusPath(settings)
  guard let contents = try? String(contentsOfFile: path, encoding: .utf8) else {
    FileHandle.standardError.write(Data("bolt11-bench: cannot read \(path)\n".utf8))
    exit(2)
  }
  let texts = contents.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
  let count = Double(texts.count)

  // Inputs of the floor, and the route-hop keys, from our parser (not timed). Every invoice is
  // decoded in strict mode, except those only compat mode accepts (BOLT #11's "fields which must
  // be ignored" example: strict refuses its wrong-length `p`, `h`, `s` and `n` fields).
  var corpus: [Line] = []
  var prepared: [Prepared] = []
  var routeKeys: [[UInt8]] = []
  var compatLines: [Int] = []
  var validations: [Validation] = []
  var payeeChecks: [PayeeCheck] = []
  for (index, text) in texts.enumerated() {
    var options = DecodeOptions()
    if (try? Invoice.decode(text, options: options)) == nil {
      options.mode = .compat
      compatLines.append(index + 1)
    }
    let parsed: SignedRawInvoice
    let invoice: Invoice
    do {
      parsed = try SignedRawInvoice.parse(text, options: options)
      invoice = try Invoice.decode(text, options: options)
    } catch {
      FileHandle.standardError.write(
        Data("bolt11-bench: line \(index + 1) does not decode: \(error)\n".utf8))
      exit(2)
    }
    corpus.append(Line(text: text, options: options))
    prepared.append(
      Prepared(
        preimage: parsed.raw.signingPreimage, hash: parsed.raw.signatureHash,
        compact: parsed.signature.compact.bytes, recoveryID: parsed.signature.recoveryID,
        statedPayee: parsed.fields.statedPayee?.bytes))
    for hint in parsed.fields.routeHints { routeKeys += hint.hops.map(\.nodeID.bytes) }
    validations.append(
      Validation(
        policy: ReceivePolicy(
          amount: invoice.amount ?? Millisatoshis(0), nodeID: invoice.payeeNodeID,
          network: invoice.currency),
        now: invoice.createdAt))
    var expectations = InvoiceExpectations()
    expectations.payees = [invoice.payeeNodeID]
    expectations.amount = invoice.amount
    expectations.network = invoice.currency
    payeeChecks.append(PayeeCheck(expectations: expectations, now: invoice.createdAt))
  }
  let acceptedCount = corpus.indices.filter { index in
    OfflineInvoiceValidator.validate(
      corpus[index].text, policy: validations[index].policy, now: validations[index].now
    ).accepted != nil
  }.count
  let lengths = texts.map(\.utf8.count).sorted()

  // The CLI's batch path reads files: the corpus in files of `chunk` lines (decoded in compat mode
  // when a line needs it), and the whole corpus repeated for the all-cores figure.
  let chunk = 32
  let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
    "bolt11-bench-\(ProcessInfo.processInfo.processIdentifier)")
  try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
  atexit { try? FileManager.default.removeItem(at: scratch) }
  func writeFile(_ path: String, _ text: String) {
    guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
      FileHandle.standardError.write(Data("bolt11-bench: cannot write \(path)\n".utf8))
      exit(2)
    }
  }
  struct ChunkFile {
    var path: String
    var options: DecodeOptions
  }
  let chunkFiles = stride(from: 0, to: corpus.count, by: chunk).map { start in
    let lines = corpus[start..<min(start + chunk, corpus.count)]
    let path = scratch.appendingPathComponent("chunk-\(start).txt").path
    writeFile(path, lines.map { $0.text + "\n" }.joined())
    return ChunkFile(
      path: path, options: lines.first { $0.options.mode == .compat }?.options ?? DecodeOptions())
  }
  let corpusFile = scratch.appendingPathComponent("corpus.txt").path
  writeFile(corpusFile, corpus.map { $0.text + "\n" }.joined())

  /// Times `pass` `settings.passes` times after one warm-up, in ns per corpus invoice.
  func measure(_ pass: () -> UInt64) -> [Double] {
    consume(pass())
    return (0..<settings.passes).map { _ in
      var result: UInt64 = 0
      let elapsed = nanoseconds { result = pass() }
      consume(result)
      return elapsed / count
    }
  }

  // BOLT #12 offers: the spec's valid offers, with the floor's inputs (not timed).
  let offers = OfferBench.corpus()

  if let only = settings.only {
    // The builders that reproduce the corpus (not timed); an invoice compat mode read without a
    // payment secret cannot be built, and is left out.
    let buildKey = try! SigningKey(secretKey: [UInt8](repeating: 1, count: 32))
    let builders =
      only == "build"
      ? corpus.compactMap { line -> InvoiceBuilder? in
        guard let invoice = try? Invoice.decode(line.text, options: line.options) else {
          return nil
        }
        let builder = InvoiceBuilder(reproducing: invoice)
        return (try? builder.build(signingWith: buildKey)) == nil ? nil : builder
      } : []
    let pass: () -> UInt64 =
      switch only {
      case "floor": { floorPass(prepared[...]) }
      case "secp256k1": { floorSecp256k1Pass(prepared) }
      case "sha256": { sha256Pass(prepared) }
      case "route-keys": { routeKeyPass(routeKeys) }
      case "decode": { decodePass(corpus[...]) }
      case "parse": { parsePass(corpus) }
      case "json": { jsonPass(corpus[...]) }
      case "build": { buildPass(builders, key: buildKey) }
      case "validate": { validatePass(corpus, validations, corpus.indices) }
      case "check-payee": { checkPayeePass(corpus, payeeChecks, corpus.indices) }
      case "offer": { OfferBench.decodePass(offers) }
      case "offer-floor": { OfferBench.floorPass(offers) }
      default: { batchCLIPass(corpusFile) }
      }
    let items =
      only == "build" ? builders.count : only.hasPrefix("offer") ? offers.count : corpus.count
    var elapsed: [Double] = []
    for _ in 0..<settings.passes {
      var result: UInt64 = 0
      elapsed.append(nanoseconds { result = pass() })
      consume(result)
    }
    print(
      "\(only): \(settings.passes) passes over \(items) invoices; median "
        + "\(format(median(elapsed) / Double(items))) ns per invoice; checksum "
        + "\(String(checksum.current, radix: 16))")
    exit(0)
  }

  // The floor and each measured path take turns every `chunk` invoices, so all see the same
  // machine at the same moments (a shared machine's speed drifts within a pass); which goes first
  // rotates from chunk to chunk and from round to round. A round is one pass of each over the
  // corpus; its ratios are each path's time over the floor's.
  enum Path: Int, CaseIterable {
    case floor, decode, json, batchCLI, validate, checkPayee
  }
  @MainActor func run(_ path: Path, chunk index: Int) -> Double {
    let start = index * chunk
    let end = min(start + chunk, corpus.count)
    var result: UInt64 = 0
    let elapsed: Double
    switch path {
    case .floor: elapsed = nanoseconds { result = floorPass(prepared[start..<end]) }
    case .decode: elapsed = nanoseconds { result = decodePass(corpus[start..<end]) }
    case .json: elapsed = nanoseconds { result = jsonPass(corpus[start..<end]) }
    case .batchCLI:
      let file = chunkFiles[index]
      elapsed = nanoseconds { result = batchCLIPass(file.path, options: file.options) }
    case .validate:
      elapsed = nanoseconds { result = validatePass(corpus, validations, start..<end) }
    case .checkPayee:
      elapsed = nanoseconds { result = checkPayeePass(corpus, payeeChecks, start..<end) }
    }
    consume(result)
    return elapsed
  }
  for index in chunkFiles.indices { for path in Path.allCases { _ = run(path, chunk: index) } }
  var times = [[Double]](repeating: [], count: Path.allCases.count)
  var ratios = [[Double]](repeating: [], count: Path.allCases.count)
  for round in 0..<settings.passes {
    var total = [Double](repeating: 0, count: Path.allCases.count)
    for index in chunkFiles.indices {
      for turn in 0..<Path.allCases.count {
        let path = Path(rawValue: (turn + index + round) % Path.allCases.count)!
        total[path.rawValue] += run(path, chunk: index)
      }
    }
    for path in Path.allCases {
      times[path.rawValue].append(total[path.rawValue] / count)
      ratios[path.rawValue].append(total[path.rawValue] / total[Path.floor.rawValue])
    }
  }
  let floorNs = median(times[Path.floor.rawValue])
  let decodeNs = median(times[Path.decode.rawValue])
  let jsonNs = median(times[Path.json.rawValue])
  let batchCLINs = median(times[Path.batchCLI.rawValue])
  let decodeOverFloor = median(ratios[Path.decode.rawValue])
  let jsonOverFloor = median(ratios[Path.json.rawValue])
  let batchCLIOverFloor = median(ratios[Path.batchCLI.rawValue])
  let validateNs = median(times[Path.validate.rawValue])
  let checkPayeeNs = median(times[Path.checkPayee.rawValue])
  let validateOverFloor = median(ratios[Path.validate.rawValue])
  let checkPayeeOverFloor = median(ratios[Path.checkPayee.rawValue])
  /// Low and high of a path's per-round ratios, for the spread within the run.
  @MainActor func spread(_ path: Path) -> String {
    let sorted = ratios[path.rawValue].sorted()
    return "\(format(sorted.first!, decimals: 3)) to \(format(sorted.last!, decimals: 3))"
  }

  let floorSecpNs = median(measure { floorSecp256k1Pass(prepared) })
  let shaNs = median(measure { sha256Pass(prepared) })
  let routeKeysNs = median(measure { routeKeyPass(routeKeys) })
  // Parsing is fast: ten corpus rounds per timed pass, for a steadier clock reading.
  let parseNs = median(measure { (0..<10).reduce(0) { sum, _ in sum &+ parsePass(corpus) } }) / 10

  // Batch: the corpus repeated to at least `batchMinimum` invoices, in chunks of one corpus each;
  // the same chunks on this thread and then on all cores, alternating.
  let cores = ProcessInfo.processInfo.activeProcessorCount
  let chunkCount = (settings.batchMinimum + corpus.count - 1) / corpus.count
  let batchCount = Double(chunkCount * corpus.count)
  let (singleTimes, parallelTimes) = batch(corpus, chunks: chunkCount, passes: settings.batchPasses)
  let singlePerSecond = batchCount / (median(singleTimes) / 1e9)
  let batchPerSecond = batchCount / (median(parallelTimes) / 1e9)
  let batchSpeedup = batchPerSecond / singlePerSecond

  // The CLI's batch path over the same number of lines, in one file: `--jobs 1` against
  // `--jobs <cores>`, alternating.
  let batchFile = scratch.appendingPathComponent("batch.txt").path
  writeFile(batchFile, String(repeating: corpus.map { $0.text + "\n" }.joined(), count: chunkCount))
  var cliSingleTimes: [Double] = []
  var cliParallelTimes: [Double] = []
  for _ in 0..<settings.batchPasses {
    cliSingleTimes.append(nanoseconds { consume(batchCLIPass(batchFile, jobs: 1)) })
    cliParallelTimes.append(nanoseconds { consume(batchCLIPass(batchFile, jobs: cores)) })
  }
  let batchCLISpeedup = median(cliSingleTimes) / median(cliParallelTimes)

  // Offers: the floor and Offer.decode take turns, 100 corpus rounds each per timed pass; the
  // ratio is the median of the per-pass ratios.
  var offerFloorTimes: [Double] = []
  var offerTimes: [Double] = []
  var offerRatios: [Double] = []
  let offerRounds = 100
  for pass in 0...settings.passes {
    let floorTime = nanoseconds {
      for _ in 0..<offerRounds { consume(OfferBench.floorPass(offers)) }
    }
    let decodeTime = nanoseconds {
      for _ in 0..<offerRounds { consume(OfferBench.decodePass(offers)) }
    }
    guard pass > 0 else { continue }  // the warm-up
    let perOffer = Double(offerRounds * offers.count)
    offerFloorTimes.append(floorTime / perOffer)
    offerTimes.append(decodeTime / perOffer)
    offerRatios.append(decodeTime / floorTime)
  }
  let offerFloorNs = median(offerFloorTimes)
  let offerNs = median(offerTimes)
  let offerOverFloor = median(offerRatios)

  // MARK: Report

  func row(_ name: String, _ ns: Double, _ note: String) -> String {
    let ratio = format(ns / floorNs, decimals: 3)
    return name.padding(toLength: 12, withPad: " ", startingAt: 0)
      + String(repeating: " ", count: max(0, 10 - format(ns).count)) + format(ns)
      + String(repeating: " ", count: max(0, 9 - ratio.count)) + ratio + "   " + note
  }

  print(
    "corpus: \(path): \(corpus.count) invoices, \(lengths.first!) / \(lengths[lengths.count / 2]) / "
      + "\(lengths.last!) characters (min / median / max), \(routeKeys.count) route-hop keys; "
      + "strict mode, compat for line(s) \(compatLines.map(String.init).joined(separator: ", "))")
  print(
    "machine: \(cores) cores; \(settings.passes) timed passes after a warm-up, medians; "
      + "ns per invoice")
  print("")
  print("what               ns  x floor   ")
  print(
    row("floor", floorNs, "SHA-256 (ours) + libsecp256k1 recover, or verify + key parse with n"))
  print(row("  secp256k1", floorSecpNs, "the libsecp256k1 calls alone"))
  print(row("  sha256", shaNs, "our SHA-256 of the signed bytes alone"))
  print(row("decode", decodeNs, "Invoice.decode: string to checked Invoice (default options)"))
  print(
    row(
      "  route keys", routeKeysNs,
      "what checkRouteHintKeys adds: every route-hop key parsed (off by default)"))
  print(row("parse", parseNs, "SignedRawInvoice.parse: no elliptic-curve work"))
  print(row("json", jsonNs, "decode + the contract JSON to bytes (InvoiceJSON)"))
  print(row("batch cli", batchCLINs, "decode --batch FILE --jobs 1: file in, NDJSON to /dev/null"))
  print(
    row(
      "validate", validateNs,
      "OfflineInvoiceValidator.validate: strict decode + receive policy "
        + "(\(acceptedCount) of \(corpus.count) accepted)"))
  print(
    row(
      "check payee", checkPayeeNs,
      "decode + InvoiceExpectations.check with the payee known (n verified, else recovered)"))
  print("")
  print(
    "decode / floor: \(format(decodeOverFloor, decimals: 3)), json / floor: "
      + "\(format(jsonOverFloor, decimals: 3)), batch cli / floor: "
      + "\(format(batchCLIOverFloor, decimals: 3)), validate / floor: "
      + "\(format(validateOverFloor, decimals: 3)), check payee / floor: "
      + "\(format(checkPayeeOverFloor, decimals: 3)) (medians of \(settings.passes) rounds, "
      + "taking turns every \(chunk) invoices; round ranges \(spread(.decode)), \(spread(.json)), "
      + "\(spread(.batchCLI)), \(spread(.validate)), \(spread(.checkPayee)))")
  print(
    "batch: \(chunkCount * corpus.count) invoices: \(format(singlePerSecond)) /s on one core, "
      + "\(format(batchPerSecond)) /s on \(cores) cores, speed-up \(format(batchSpeedup, decimals: 2)); "
      + "decode --batch: speed-up \(format(batchCLISpeedup, decimals: 2)) with --jobs \(cores)")
  print(
    "offers: \(offers.count) valid offers of BOLT #12's offers-test.json: floor (regrouping + "
      + "one secp256k1_ec_pubkey_parse per key) \(format(offerFloorNs)) ns, Offer.decode "
      + "\(format(offerNs)) ns, offer / floor \(format(offerOverFloor, decimals: 3))")
  print("checksum: \(String(checksum.current, radix: 16))")
  print(
    "{\"floor_ns\":\(format(floorNs)),\"decode_ns\":\(format(decodeNs)),"
      + "\"parse_ns\":\(format(parseNs)),\"json_ns\":\(format(jsonNs)),"
      + "\"decode_over_floor\":\(format(decodeOverFloor, decimals: 4)),"
      + "\"batch_per_s\":\(format(batchPerSecond)),"
      + "\"batch_speedup\":\(format(batchSpeedup, decimals: 3)),\"cores\":\(cores),"
      + "\"floor_secp256k1_ns\":\(format(floorSecpNs)),\"sha256_ns\":\(format(shaNs)),"
      + "\"route_keys_ns\":\(format(routeKeysNs)),\"invoices\":\(corpus.count),"
      + "\"json_over_floor\":\(format(jsonOverFloor, decimals: 4)),"
      + "\"batch_cli_over_floor\":\(format(batchCLIOverFloor, decimals: 4)),"
      + "\"batch_cli_ns\":\(format(batchCLINs)),"
      + "\"batch_cli_speedup\":\(format(batchCLISpeedup, decimals: 3)),"
      + "\"validate_ns\":\(format(validateNs)),"
      + "\"validate_over_floor\":\(format(validateOverFloor, decimals: 4)),"
      + "\"check_payee_ns\":\(format(checkPayeeNs)),"
      + "\"check_payee_over_floor\":\(format(checkPayeeOverFloor, decimals: 4)),"
      + "\"offer_floor_ns\":\(format(offerFloorNs)),\"offer_ns\":\(format(offerNs)),"
      + "\"offer_over_floor\":\(format(offerOverFloor, decimals: 4))}")
#endif
