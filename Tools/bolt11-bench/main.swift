// bolt11-bench: the decoder against the elliptic-curve floor, in one run, single thread.
//
//   swift run -c release bolt11-bench [CORPUS] [--passes N] [--batch-min N]
//
// CORPUS defaults to $BOLT11_BENCH_CORPUS, then ../shared/bench/corpus.txt relative to the current
// directory and to the package root. Every figure is the median of several timed passes over the
// whole corpus after a warm-up pass, in nanoseconds per invoice. Ratios come from the same run:
// floor and decode alternate every 32 invoices, and `decode_over_floor` is the median of the per-round ratios.

import Bech32Codec
import Bolt11
import Bolt11Tool
import Dispatch
import Foundation
import Secp256k1
import Synchronization

#if DEBUG
  FileHandle.standardError.write(
    Data(
      "bolt11-bench: refusing to report from a debug build; use `swift run -c release bolt11-bench`\n"
        .utf8))
  exit(2)
#else

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

  let onlyChoices = ["floor", "secp256k1", "sha256", "route-keys", "decode", "parse", "json"]

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
      sum &+= UInt64(invoice.payeeNodeID[1]) &+ invoice.createdAt
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

  @inline(never)
  func jsonPass(_ corpus: [Line]) -> UInt64 {
    var sum: UInt64 = 0
    for line in corpus {
      guard let invoice = try? Invoice.decode(line.text, options: line.options) else { continue }
      sum &+= UInt64(InvoiceJSON.object(invoice).serialized.utf8.count)
    }
    return sum
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
  for (index, text) in texts.enumerated() {
    var options = DecodeOptions()
    if (try? Invoice.decode(text, options: options)) == nil {
      options.mode = .compat
      compatLines.append(index + 1)
    }
    let parsed: SignedRawInvoice
    do {
      parsed = try SignedRawInvoice.parse(text, options: options)
      _ = try Invoice.decode(text, options: options)
    } catch {
      FileHandle.standardError.write(
        Data("bolt11-bench: line \(index + 1) does not decode: \(error)\n".utf8))
      exit(2)
    }
    corpus.append(Line(text: text, options: options))
    prepared.append(
      Prepared(
        preimage: parsed.raw.signingPreimage, hash: parsed.raw.signatureHash,
        compact: parsed.signature.compact, recoveryID: parsed.signature.recoveryID,
        statedPayee: parsed.fields.statedPayee))
    for hint in parsed.fields.routeHints { routeKeys += hint.hops.map(\.nodeID) }
  }
  let lengths = texts.map(\.utf8.count).sorted()

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

  if let only = settings.only {
    let pass: () -> UInt64 =
      switch only {
      case "floor": { floorPass(prepared[...]) }
      case "secp256k1": { floorSecp256k1Pass(prepared) }
      case "sha256": { sha256Pass(prepared) }
      case "route-keys": { routeKeyPass(routeKeys) }
      case "decode": { decodePass(corpus[...]) }
      case "parse": { parsePass(corpus) }
      default: { jsonPass(corpus) }
      }
    for _ in 0..<settings.passes { consume(pass()) }
    print(
      "\(only): \(settings.passes) passes over \(corpus.count) invoices; checksum \(String(checksum.current, radix: 16))"
    )
    exit(0)
  }

  // Floor and decode alternate every `chunk` invoices, so both see the same machine at the same
  // moments (a shared machine's speed drifts within a pass); which goes first alternates too.
  // A round is one pass of each over the corpus; its ratio is decode time over floor time.
  consume(floorPass(prepared[...]))
  consume(decodePass(corpus[...]))
  let chunk = 32
  var floorTimes: [Double] = []
  var decodeTimes: [Double] = []
  var ratios: [Double] = []
  for round in 0..<settings.passes {
    var floorTime = 0.0
    var decodeTime = 0.0
    for start in stride(from: 0, to: corpus.count, by: chunk) {
      let end = min(start + chunk, corpus.count)
      var result: UInt64 = 0
      let floorFirst = (start / chunk + round) % 2 == 0
      if floorFirst {
        floorTime += nanoseconds { result = floorPass(prepared[start..<end]) }
        consume(result)
      }
      decodeTime += nanoseconds { result = decodePass(corpus[start..<end]) }
      consume(result)
      if !floorFirst {
        floorTime += nanoseconds { result = floorPass(prepared[start..<end]) }
        consume(result)
      }
    }
    floorTimes.append(floorTime / count)
    decodeTimes.append(decodeTime / count)
    ratios.append(decodeTime / floorTime)
  }
  let floorNs = median(floorTimes)
  let decodeNs = median(decodeTimes)
  let decodeOverFloor = median(ratios)

  let floorSecpNs = median(measure { floorSecp256k1Pass(prepared) })
  let shaNs = median(measure { sha256Pass(prepared) })
  let routeKeysNs = median(measure { routeKeyPass(routeKeys) })
  // Parsing is fast: ten corpus rounds per timed pass, for a steadier clock reading.
  let parseNs = median(measure { (0..<10).reduce(0) { sum, _ in sum &+ parsePass(corpus) } }) / 10
  let jsonNs = median(measure { jsonPass(corpus) })

  // Batch: the corpus repeated to at least `batchMinimum` invoices, in chunks of one corpus each;
  // the same chunks on this thread and then on all cores, alternating.
  let cores = ProcessInfo.processInfo.activeProcessorCount
  let chunkCount = (settings.batchMinimum + corpus.count - 1) / corpus.count
  let batchCount = Double(chunkCount * corpus.count)
  let (singleTimes, parallelTimes) = batch(corpus, chunks: chunkCount, passes: settings.batchPasses)
  let singlePerSecond = batchCount / (median(singleTimes) / 1e9)
  let batchPerSecond = batchCount / (median(parallelTimes) / 1e9)
  let batchSpeedup = batchPerSecond / singlePerSecond

  // MARK: Report

  func format(_ value: Double, decimals: Int = 0) -> String {
    String(format: "%.\(decimals)f", value)
  }
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
  print(row("json", jsonNs, "decode + InvoiceJSON.object(...).serialized"))
  print("")
  print(
    "decode / floor: \(format(decodeOverFloor, decimals: 3)) (median of \(settings.passes) "
      + "rounds, alternating every \(chunk) invoices)")
  print(
    "batch: \(chunkCount * corpus.count) invoices: \(format(singlePerSecond)) /s on one core, "
      + "\(format(batchPerSecond)) /s on \(cores) cores, speed-up \(format(batchSpeedup, decimals: 2))"
  )
  print("checksum: \(String(checksum.current, radix: 16))")
  print(
    "{\"floor_ns\":\(format(floorNs)),\"decode_ns\":\(format(decodeNs)),"
      + "\"parse_ns\":\(format(parseNs)),\"json_ns\":\(format(jsonNs)),"
      + "\"decode_over_floor\":\(format(decodeOverFloor, decimals: 4)),"
      + "\"batch_per_s\":\(format(batchPerSecond)),"
      + "\"batch_speedup\":\(format(batchSpeedup, decimals: 3)),\"cores\":\(cores),"
      + "\"floor_secp256k1_ns\":\(format(floorSecpNs)),\"sha256_ns\":\(format(shaNs)),"
      + "\"route_keys_ns\":\(format(routeKeysNs)),\"invoices\":\(corpus.count)}")
#endif
