import Bolt11Conformance
import Foundation
import TestSupport
import Testing

/// Loading vector files from disk: a file, a folder at any depth, and what is not a vector file.
@Suite struct VectorFileLoadingTests {
  static let one =
    #"{"vectors": [{"name": "a", "kind": "bech32", "string": "a12uel5l", "valid": true}]}"#
  static let two = #"{"vectors": [{"name": "b", "invoice": "x", "valid": false}, {"valid": true}]}"#

  @Test("a folder loads every *.json under it, at any depth, in the order of the paths")
  func folder() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try FileManager.default.createDirectory(
      atPath: folder.path + "/sub", withIntermediateDirectories: false)
    _ = try folder.write("sub/b.json", Self.two)
    _ = try folder.write("a.json", Self.one)
    _ = try folder.write("notes.txt", "not JSON, not read")
    _ = try folder.write("requirements.json", #"{"requirements": [{"id": "x.y"}]}"#)
    _ = try folder.write(
      "schema.json", #"{"$schema": "https://json-schema.org/draft/2020-12/schema"}"#)
    let files = try VectorFile.load(folder.path)
    #expect(
      files.map(\.path)
        == ["a.json", "requirements.json", "schema.json", "sub/b.json"].map {
          folder.path + "/" + $0
        })
    #expect(files[1].requirementIDs == ["x.y"])
    let vectors = try VectorFile.loadAll(folder.path)
    #expect(vectors.map(\.description) == ["a.json: a", "b.json: b", "b.json: #1"])
    #expect(vectors.map(\.kind) == ["bech32", "invoice", "invoice"])
    #expect(vectors[1].invoice == "x")
  }

  @Test("a file path loads that file")
  func file() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = try folder.write("one.json", Self.one)
    #expect(try VectorFile.loadAll(path).map(\.name) == ["a"])
  }

  @Test("a missing file, and a file that is not a vector file, are load errors naming the path")
  func errors() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let missing = folder.path + "/missing.json"
    #expect(throws: VectorFile.LoadError.self) { try VectorFile.load(missing) }
    do {
      _ = try VectorFile(contentsOf: missing)
      Issue.record("a missing file loaded")
    } catch {
      #expect(error.description == "\(missing): cannot read: No such file or directory")
    }
    let broken = try folder.write("broken.json", #"{"vectors": 3}"#)
    do {
      _ = try VectorFile.loadAll(folder.path)
      Issue.record("a folder with a broken file loaded")
    } catch {
      #expect(error.description == "\(broken): no \"vectors\" array")
    }
  }

  @Test("the default folder is this package's Vectors")
  func defaultFolder() throws {
    #expect(VectorFile.defaultFolder == (try PackageFolder.vectors().path))
  }
}
