import Bolt11

/// What each decoder made of the vectors, and the reports drawn from it: Markdown and HTML
/// (and the summary `bolt11 vectors` prints).
///
/// Each decoder is one row of the reports' matrix: per category, vectors passed / vectors run,
/// then those skipped; below it, one table row per failure with what the vector expects and
/// what came back. Everything quoted from a vector file or a decoder is escaped for the format.
public struct ConformanceReport: Sendable {
  /// One vector's outcome under one decoder.
  public struct Result: Sendable {
    /// The name of the vector's file.
    public var file: String
    /// The vector's name.
    public var name: String
    /// Where it is counted: `bech32`, `hrp`, `amount`, `field`, `features`, `signature`, `valid`,
    /// `offline` or `other`, from its kind and its first expected error code.
    public var category: String
    /// The outcome.
    public var verdict: Verdict
    /// What the vector expects, in a few words: `valid {...expect}` or `error a or b`.
    public var expected: DisplayText
    /// What came back, for a failure: the answer line or what happened instead.
    public var got: String = ""
    /// What the decoder wrote to standard error while on this vector (failures only).
    public var stderr: String = ""
    /// Whether the vector tests only this project's contract (every rule it names is a
    /// `contract.*` id), not the spec: a decoder may rightly differ on it.
    public var testsContractOnly = false

    /// The outcome of `vector`, with its file, name, category and expectation taken from it.
    ///
    /// - Parameters:
    ///   - vector: the vector run.
    ///   - verdict: what the decoder made of it: `vector.run()` or `DecoderScore.score`.
    public init(_ vector: VectorFile.Vector, verdict: Verdict) {
      self.init(
        file: vector.file, name: vector.name, category: DecoderScore.category(vector),
        verdict: verdict, expected: DecoderScore.expected(vector))
      let rules = vector.object["rules"]?.arrayValue?.compactMap(\.stringValue) ?? []
      testsContractOnly = !rules.isEmpty && rules.allSatisfy { $0.hasPrefix("contract.") }
    }

    init(
      file: String, name: String, category: String, verdict: Verdict, expected: DisplayText,
      got: String = "", stderr: String = ""
    ) {
      self.file = file
      self.name = name
      self.category = category
      self.verdict = verdict
      self.expected = expected
      self.got = got
      self.stderr = stderr
    }
  }

  /// Passed, failed and skipped counts.
  public struct Tally: Sendable, Equatable {
    /// Vectors passed.
    public var passed = 0
    /// Vectors failed.
    public var failed = 0
    /// Vectors skipped.
    public var skipped = 0

    /// Counts given, zero by default.
    public init(passed: Int = 0, failed: Int = 0, skipped: Int = 0) {
      self.passed = passed
      self.failed = failed
      self.skipped = skipped
    }

    mutating func add(_ verdict: Verdict) {
      switch verdict {
      case .passed: passed += 1
      case .failed: failed += 1
      case .skipped: skipped += 1
      }
    }

    /// The two counts added.
    public static func + (lhs: Tally, rhs: Tally) -> Tally {
      Tally(
        passed: lhs.passed + rhs.passed, failed: lhs.failed + rhs.failed,
        skipped: lhs.skipped + rhs.skipped)
    }

    /// `N passed, N failed`, with `, N skipped` when `showSkipped`.
    public func line(showSkipped: Bool) -> String {
      "\(passed) passed, \(failed) failed" + (showSkipped ? ", \(skipped) skipped" : "")
    }
  }

  /// One decoder's run: one row of the matrix.
  public struct Decoder: Sendable {
    /// The decoder's name in the report: its command, or another label.
    public var label: String
    /// Its vectors' outcomes, in the order they were run.
    public var results: [Result] = []
    /// The tail of everything it wrote to standard error; empty when none.
    public var stderrTail = ""

    /// A row for the decoder named `label`.
    public init(label: String, results: [Result] = [], stderrTail: String = "") {
      self.label = label
      self.results = results
      self.stderrTail = stderrTail
    }

    /// The counts over all its results.
    public var total: Tally {
      results.reduce(into: Tally()) { $0.add($1.verdict) }
    }

    /// Tallies by file, in the order files were run.
    var byFile: [(String, Tally)] { tallies(by: \.file) }

    /// Tallies by category, in `DecoderScore.categories` order.
    var byCategory: [String: Tally] {
      Dictionary(tallies(by: \.category), uniquingKeysWith: +)
    }

    private func tallies(by key: KeyPath<Result, String>) -> [(String, Tally)] {
      var order: [String] = []
      var counts: [String: Tally] = [:]
      for result in results {
        let name = result[keyPath: key]
        if counts[name] == nil { order.append(name) }
        counts[name, default: Tally()].add(result.verdict)
      }
      return order.map { ($0, counts[$0]!) }
    }

    var failures: [Result] {
      results.filter { if case .failed = $0.verdict { true } else { false } }
    }

    /// `N passed, N failed, N skipped.`, and how many failures test only the contract.
    var totalLine: String {
      let contractOnly = failures.filter(\.testsContractOnly).count
      return total.line(showSkipped: true)
        + (contractOnly == 0
          ? "."
          : "; \(contractOnly) of the failures test this project's contract, not the spec "
            + "(marked contract).")
    }
  }

  /// The decoders, one row each, in order.
  public var decoders: [Decoder] = []
  /// Files that could not be read as vector files, and vectors that name an unknown rule id,
  /// with why: each counts as one failure.
  public var fileErrors: [String] = []

  /// A report of `decoders`' runs, and of the files that could not be loaded.
  public init(decoders: [Decoder] = [], fileErrors: [String] = []) {
    self.decoders = decoders
    self.fileErrors = fileErrors
  }

  /// The categories that hold a vector for some decoder, in display order.
  package var categories: [String] {
    let used = Set(decoders.flatMap { $0.results.map(\.category) })
    return DecoderScore.categories.filter {
      used.contains($0) || DecoderScore.categories.firstIndex(of: $0)! < 7
    }
  }

  /// `12/12`, `11/12`, `12/12 +3 skipped` or `–` for one cell of the matrix.
  static func cell(_ tally: Tally?) -> String {
    guard let tally, tally.passed + tally.failed + tally.skipped > 0 else { return "–" }
    let run = "\(tally.passed)/\(tally.passed + tally.failed)"
    return tally.skipped > 0 ? "\(run) +\(tally.skipped) skipped" : run
  }

  // MARK: Terminal

  /// The per-file and per-category summary of one decoder, escaped for a terminal.
  package static func terminalSummary(_ decoder: Decoder, categories: [String]) -> String {
    var text = "files:\n"
    for (file, tally) in decoder.byFile {
      text += "  \(SafeText.escape(file)): \(tally.line(showSkipped: true))\n"
    }
    text += "categories:\n"
    let byCategory = decoder.byCategory
    for category in categories {
      let tally = byCategory[category] ?? Tally()
      text += "  \(category): \(tally.line(showSkipped: true))\n"
    }
    return text
  }

  // MARK: Markdown

  /// The report as Markdown (CommonMark with GitHub tables).
  public func markdown() -> String {
    let categories = self.categories
    var text = "# BOLT 11 conformance report\n\n"
    text += "Each cell: vectors passed / vectors run, then those skipped (a vector of a kind that "
    text += "is not an invoice, or an option the decoder declared unsupported).\n\n"
    text += "| decoder | " + categories.joined(separator: " | ") + " | total |\n"
    text += "|---|" + String(repeating: "---|", count: categories.count + 1) + "\n"
    for decoder in decoders {
      let byCategory = decoder.byCategory
      let cells = categories.map { Self.cell(byCategory[$0]) } + [Self.cell(decoder.total)]
      text += "| \(SafeText.markdown(decoder.label)) | " + cells.joined(separator: " | ") + " |\n"
    }
    if !fileErrors.isEmpty {
      text += "\n## Files that are not vector files\n\n"
      for error in fileErrors { text += "- \(SafeText.markdown(error))\n" }
    }
    for decoder in decoders {
      let failures = decoder.failures
      text += "\n## \(SafeText.markdown(decoder.label))\n\n"
      text += decoder.totalLine + "\n"
      if !failures.isEmpty {
        text += "\n| file | vector | category | expected | got |\n|---|---|---|---|---|\n"
        for failure in failures {
          // What came back and standard error are quoted as they came; the reason and the
          // expectation are display text already.
          let quoted =
            (failure.got.isEmpty ? "" : " — " + failure.got)
            + (failure.stderr.isEmpty ? "" : " — standard error: " + failure.stderr)
          let cells = [
            SafeText.markdown(failure.file), SafeText.markdown(failure.name),
            SafeText.markdown(failure.category) + (failure.testsContractOnly ? " (contract)" : ""),
            SafeText.markdown(failure.expected),
            SafeText.markdown(Self.reason(failure)) + SafeText.markdown(quoted),
          ]
          text += "| " + cells.joined(separator: " | ") + " |\n"
        }
      }
      if !decoder.stderrTail.isEmpty {
        text += "\nThe end of its standard error:\n\n" + Self.fenced(decoder.stderrTail)
      }
    }
    return text
  }

  static func reason(_ result: Result) -> DisplayText {
    if case .failed(let reason) = result.verdict { return reason }
    return ""
  }

  /// `text` as a fenced code block, each line escaped for a terminal, the fence longer than any
  /// run of backticks inside.
  static func fenced(_ text: String) -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      SafeText.escape(String($0))
    }
    var longest = 0
    for line in lines {
      var run = 0
      for character in line {
        run = character == "`" ? run + 1 : 0
        longest = max(longest, run)
      }
    }
    let fence = String(repeating: "`", count: max(3, longest + 1))
    return fence + "\n" + lines.joined(separator: "\n") + "\n" + fence + "\n"
  }

  // MARK: HTML

  /// The report as one HTML page, with its own style sheet.
  public func html() -> String {
    let categories = self.categories
    var text = """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"><title>BOLT 11 conformance report</title>
      <style>
      body{font-family:system-ui,sans-serif;margin:2em;color:#222}
      table{border-collapse:collapse;margin:1em 0}
      th,td{border:1px solid #ccc;padding:.3em .6em;text-align:left;vertical-align:top}
      td.all{background:#d9f2d9}td.some{background:#f9d6d5}td.none{color:#999}
      td.num{text-align:right;white-space:nowrap}
      code,pre{font-family:ui-monospace,monospace;font-size:.9em}
      pre{background:#f5f5f5;padding:.6em;overflow:auto;white-space:pre-wrap}
      td.label{max-width:20em;overflow-wrap:anywhere}h2{overflow-wrap:anywhere}
      table.failures{table-layout:fixed;width:100%}
      table.failures td{overflow-wrap:anywhere}
      table.failures code{white-space:pre-wrap;overflow-wrap:anywhere}
      col.file{width:10%}col.vector{width:18%}col.category{width:8%}col.expected{width:24%}
      span.contract{display:inline-block;margin-top:.2em;padding:0 .3em;border-radius:.2em;
      background:#e6e0f5;font-size:.85em}
      </style></head><body>
      <h1>BOLT 11 conformance report</h1>
      <p>Each cell: vectors passed / vectors run, then those skipped (a vector of a kind that is
      not an invoice, or an option the decoder declared unsupported). Green: all passed; red:
      some failed.</p>

      """
    text += "<table><tr><th>decoder</th>"
    for category in categories + ["total"] { text += "<th>\(category)</th>" }
    text += "</tr>\n"
    for decoder in decoders {
      let byCategory = decoder.byCategory
      text += "<tr><td class=\"label\"><code>\(SafeText.html(decoder.label))</code></td>"
      for tally in categories.map({ byCategory[$0] }) + [decoder.total] {
        text += "<td class=\"num \(Self.cssClass(tally))\">\(Self.cell(tally))</td>"
      }
      text += "</tr>\n"
    }
    text += "</table>\n"
    if !fileErrors.isEmpty {
      text += "<h2>Files that are not vector files</h2><ul>\n"
      for error in fileErrors { text += "<li>\(SafeText.html(error))</li>\n" }
      text += "</ul>\n"
    }
    for decoder in decoders {
      text += "<h2><code>\(SafeText.html(decoder.label))</code></h2>\n"
      text += "<p>\(decoder.totalLine)</p>\n"
      let failures = decoder.failures
      if !failures.isEmpty {
        // A fixed layout wraps long JSON in its column, so that the page fits the window.
        text += "<table class=\"failures\"><colgroup><col class=\"file\"><col class=\"vector\">"
        text += "<col class=\"category\"><col class=\"expected\"><col class=\"got\"></colgroup>"
        text += "<tr><th>file</th><th>vector</th><th>category</th><th>expected</th>"
        text += "<th>got</th></tr>\n"
        for failure in failures {
          text += "<tr><td>\(SafeText.html(failure.file))</td>"
          text += "<td>\(SafeText.html(failure.name))</td><td>\(failure.category)"
          if failure.testsContractOnly {
            text += "<br><span class=\"contract\" title=\"tests this project's contract, not the "
            text += "spec\">contract</span>"
          }
          text += "</td>"
          text += "<td><code>\(SafeText.html(failure.expected))</code></td>"
          text += "<td>\(SafeText.html(Self.reason(failure)))"
          if !failure.got.isEmpty { text += "<br><code>\(SafeText.html(failure.got))</code>" }
          if !failure.stderr.isEmpty {
            text += "<details><summary>standard error</summary><pre>"
            text += Self.htmlLines(failure.stderr) + "</pre></details>"
          }
          text += "</td></tr>\n"
        }
        text += "</table>\n"
      }
      if !decoder.stderrTail.isEmpty {
        text += "<details><summary>The end of its standard error</summary><pre>"
        text += Self.htmlLines(decoder.stderrTail) + "</pre></details>\n"
      }
    }
    return text + "</body></html>\n"
  }

  static func cssClass(_ tally: Tally?) -> String {
    guard let tally, tally.passed + tally.failed > 0 else { return "none" }
    return tally.failed == 0 ? "all" : "some"
  }

  /// Lines of `text`, each escaped, joined by newlines (for `<pre>`).
  static func htmlLines(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { SafeText.html(String($0)) }.joined(separator: "\n")
  }
}
