/// A place in a JSON document: object keys and array indices from the top.
typealias JSONPath = [JSONPathComponent]

/// One step of a `JSONPath`.
enum JSONPathComponent: Hashable {
  /// The member of an object with this key.
  case key(String)
  /// The element of an array at this index.
  case index(Int)
}
