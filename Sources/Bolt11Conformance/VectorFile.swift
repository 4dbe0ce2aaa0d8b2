import Bolt11JSON

/// A file of test vectors in the contract's format: BOLT #11 invoices, the offline-receive check,
/// Bech32 strings and segwit addresses, each with the outcome it expects.
///
/// A file is read whole; a file whose top level holds `requirements` rather than `vectors` is the
/// list of requirements (`requirements.json`) and holds no vector, and a JSON Schema (a top-level
/// `$schema`) holds none either, so that a whole folder can be loaded. A top-level array is one of
/// BOLT #12's own vector files, read in its published shape: `offers-test.json` and
/// `format-string-test.json` as `bolt12` vectors, `signature-test.json` as `bolt12_signature`
/// vectors; an array of any other shape is a load error.
///
/// ```swift
/// let vectors = try VectorFile.loadAll()  // every vector of this package's Vectors folder
/// let invoices = vectors.filter { $0.kind == "invoice" }
/// ```
public struct VectorFile: Sendable {
  /// Where the file was read from, as given.
  public var path: String
  /// The file's `description`: what its vectors test.
  public var description: String
  /// The vectors, in the file's order.
  public var vectors: [Vector]
  /// The ids a requirements list (`requirements.json`) defines; nil for a vector file.
  public var requirementIDs: Set<String>?

  /// Why a file could not be loaded: it cannot be read, or it is not a vector file.
  public struct LoadError: Error, CustomStringConvertible {
    /// The file's path, as given.
    public var path: String
    /// What is wrong, in prose.
    public var message: String
    /// `path: message`.
    public var description: String { "\(path): \(message)" }

    package init(path: String, message: String) {
      self.path = path
      self.message = message
    }
  }

  /// Reads the vectors of a file from its text.
  ///
  /// - Parameters:
  ///   - path: where the text came from; its last component names the vectors' file.
  ///   - text: the file's JSON text.
  /// - Throws: `LoadError` when the text is not JSON, has no `vectors` array (and is neither a
  ///   requirements list, a JSON Schema nor one of BOLT #12's published files), or a vector is
  ///   not an object.
  public init(path: String, text: String) throws(LoadError) {
    let json: JSON
    do { json = try JSON.parse(text) } catch { throw LoadError(path: path, message: "\(error)") }
    self.path = path
    self.description = json["description"]?.stringValue ?? ""
    // The list of spec requirements (`requirements.json`) shares the folder: it holds no vector.
    if json["vectors"] == nil, let requirements = json["requirements"]?.arrayValue {
      self.vectors = []
      self.requirementIDs = Set(requirements.compactMap { $0["id"]?.stringValue })
      return
    }
    // The JSON Schemas of these files (`Vectors/schema/`) share the folder too.
    if json["vectors"] == nil && json["$schema"] != nil {
      self.vectors = []
      return
    }
    let file = path.split(separator: "/").last.map(String.init) ?? path
    // BOLT #12's own vector files (`spec/bolt12/`, copied as published) are top-level arrays.
    if let entries = json.arrayValue {
      self.vectors = try PublishedBolt12File.vectors(entries, path: path, file: file)
      return
    }
    guard let vectors = json["vectors"]?.arrayValue else {
      throw LoadError(path: path, message: "no \"vectors\" array")
    }
    var loaded: [Vector] = []
    for (index, vector) in vectors.enumerated() {
      guard case .object = vector else {
        throw LoadError(path: path, message: "vector \(index) is not an object")
      }
      loaded.append(
        Vector(
          file: file, name: vector["name"]?.stringValue ?? "#\(index)",
          kind: vector["kind"]?.stringValue ?? "invoice", object: vector))
    }
    self.vectors = loaded
  }

  /// Each `rules` id of `files`' vectors that no requirements list among them defines, as
  /// "file: name: unknown rule id ID"; none when no requirements list was given.
  public static func unknownRules(in files: [VectorFile]) -> [String] {
    let lists = files.compactMap(\.requirementIDs)
    guard !lists.isEmpty else { return [] }
    let known = lists.reduce(into: Set<String>()) { $0.formUnion($1) }
    return files.flatMap(\.vectors).flatMap { vector in
      (vector.object["rules"]?.arrayValue ?? []).compactMap { rule in
        let id = rule.stringValue ?? "\(rule)"
        return known.contains(id) ? nil : "\(vector): unknown rule id \(id)"
      }
    }
  }
}
