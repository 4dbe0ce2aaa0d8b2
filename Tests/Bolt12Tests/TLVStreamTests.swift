import Bolt12
import Testing

@Suite struct TLVStreamTests {
  @Test("frames records with their offsets, types and values")
  func frames() throws {
    // type 2 len 1 [0xaa], type 0xfd00 (3 bytes) len 0, type 0x10000 (5 bytes) len 2 [1, 2]
    let bytes: [UInt8] = [2, 1, 0xaa, 0xfd, 0xfd, 0x00, 0, 0xfe, 0, 1, 0, 0, 2, 1, 2]
    let stream = try TLVStream(framing: bytes)
    #expect(stream.records.map(\.type) == [2, 0xfd00, 0x1_0000])
    #expect(stream.records.map(\.offset) == [0, 3, 7])
    #expect(stream.records.map(\.length) == [1, 0, 2])
    #expect(Array(stream.value(of: stream.records[2])) == [1, 2])
    #expect(try TLVStream(framing: []).records.isEmpty)
  }

  @Test(
    "framing faults: code, record offset and type",
    arguments: [
      // A type that is cut: 0xfd needs two more bytes.
      ([2, 0, 0xfd, 0x01], Bolt12Error.Code.truncated, 2, nil),
      // A length that is cut.
      ([2, 0, 4], .truncated, 2, 4),
      ([2, 0, 4, 0xfe, 0, 0], .truncated, 2, 4),
      // A value longer than the rest.
      ([2, 3, 1, 2], .truncated, 0, 2),
      // Type 4 as 0xfd 0x00 0x04: not the shortest form.
      ([0xfd, 0x00, 0x04, 0], .nonMinimal, 0, 4),
      // Length 1 as 0xfe 0 0 0 1.
      ([2, 0, 4, 0xfe, 0, 0, 0, 1, 9], .nonMinimal, 2, 4),
      // Length 0xfc written with 0xfd: 0xfc fits in one byte.
      ([6, 0xfd, 0x00, 0xfc] + [UInt8](repeating: 0, count: 0xfc), .nonMinimal, 0, 6),
      ([4, 0, 2, 0], .tlvOrder, 2, 2),
      ([4, 0, 4, 0], .tlvOrder, 2, 4),
      // Several faults: truncated beats non-minimal beats order, wherever they are.
      ([4, 0, 2, 0, 0xfd, 0x00, 0x06, 0, 8, 5], .truncated, 8, 8),
      ([4, 0, 2, 0, 0xfd, 0x00, 0x06, 0], .nonMinimal, 4, 6),
    ] as [([UInt8], Bolt12Error.Code, Int, UInt64?)])
  func faults(_ bytes: [UInt8], code: Bolt12Error.Code, offset: Int, type: UInt64?) {
    do {
      let stream = try TLVStream(framing: bytes)
      Issue.record("framed \(stream.records.count) records, expected \(code.rawValue)")
    } catch {
      #expect(error.code == code)
      #expect(error.tlvOffset == offset)
      #expect(error.type == type)
      #expect(error.position == nil)
    }
  }
}
