import Bech32Codec

extension InvoiceSyntax {
  /// What a field's data says, read with the decoder's own value types; a field the decoder
  /// refuses still shows what can be read of it, and why it is refused is the decoder's verdict.
  package enum FieldValue: Sendable, Equatable {
    /// `p`, `s`, `h`, `n`, `m`: bytes.
    case bytes([UInt8])
    /// `d`: the text, with U+FFFD where the bytes are not UTF-8.
    case text(String, isUTF8: Bool)
    /// `x`, `c`: an unsigned integer; nil beyond 64 bits.
    case integer(UInt64?)
    /// `9`: the feature bits.
    case features(Features)
    /// `f`: the version, and the address when the version and program make one.
    case fallback(version: UInt8, program: [UInt8], address: Fallback?)
    /// `r`: the hops.
    /// Each hop's key bytes as written (in any form) and its channel.
    case route([WrittenHop])
    /// A fixed-length field of another length.
    case wrongLength(expected: Int)
    /// Bytes whose padding bits are not zero, or a whole character of padding.
    case badPadding(Bech32.PaddingError)
    /// An `r` field that is not whole hops: its byte count.
    case partialHops(byteCount: Int)
    /// An `f` field with no version.
    case empty
    /// A type this reader does not interpret (readers skip it).
    case unknown
  }

  /// The value of `field`, or nil when its data is not all there or not all Bech32 characters.
  package static func value(of field: Field) -> FieldValue? {
    guard field.isComplete, let words = field.words else { return nil }
    // The bytes of `words` made into a value; padding a writer could not have produced is
    // shown as such.
    func bytes(_ words: ArraySlice<UInt8>, _ value: ([UInt8]) -> FieldValue) -> FieldValue {
      do { return value(try Bech32.bytes(fromWords: words)) } catch { return .badPadding(error) }
    }
    guard let type = FieldType(number: field.tag) else { return .unknown }
    if type.length.isFixed && words.count != type.length.minimum {
      return .wrongLength(expected: type.length.minimum)
    }
    switch type {
    case .paymentHash, .paymentSecret, .descriptionHash, .payee, .paymentMetadata:
      return bytes(words[...], FieldValue.bytes)
    case .description:
      return bytes(words[...]) { value in
        let text = String(validating: value, as: UTF8.self)
        return .text(text ?? String(decoding: value, as: UTF8.self), isUTF8: text != nil)
      }
    case .expiry, .minFinalCLTVExpiryDelta:
      return .integer(words.withUnsafeBufferPointer { RawInvoice.bigEndianValue(of: $0) })
    case .features:
      return .features(Features(words: words))
    case .fallback:
      guard let version = words.first else { return .empty }
      return bytes(words.dropFirst()) { program in
        .fallback(
          version: version, program: program,
          address: Fallback(version: version, program: program))
      }
    case .routeHint:
      return bytes(words[...]) { value in
        guard !value.isEmpty, value.count % RouteHop.encodedLength == 0 else {
          return .partialHops(byteCount: value.count)
        }
        return value.withUnsafeBufferPointer { buffer in
          .route(
            stride(from: 0, to: value.count, by: RouteHop.encodedLength).map { start in
              let hop = UnsafeBufferPointer(
                rebasing: buffer[start..<(start + RouteHop.encodedLength)])
              return WrittenHop(nodeID: Array(hop[0..<33]), channel: RouteHop.Channel(bytes: hop))
            })
        }
      }
    }
  }
}

extension InvoiceSyntax {
  /// A route hop as written: its key's 33 bytes in whatever form, and its channel.
  package struct WrittenHop: Sendable, Equatable {
    package var nodeID: [UInt8]
    package var channel: RouteHop.Channel
  }
}
