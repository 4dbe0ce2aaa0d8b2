import Bolt11Tool
import Bolt11ToolFixtures
import Foundation
import TestSupport
import Testing

/// `encode` on hostile JSON and on each way of giving it a key.
@Suite struct EncodeInputTests {
  /// An obviously fake test key: 32 bytes of 0x01. Never a real key.
  static let key = String(repeating: "01", count: 32)
  static let environment = ["BOLT11_SIGNING_KEY": key]

  /// The JSON `decode --json` prints for the spec's coffee example, with `change` made to it.
  static func json(_ change: String = "") -> String {
    let decoded = runTool(["decode", "--json", SpecInvoice.coffee]).stdout
    let trimmed = decoded.trimmingCharacters(in: .whitespacesAndNewlines)
    return change.isEmpty ? trimmed : String(trimmed.dropLast()) + "," + change + "}"
  }

  static func encode(_ stdin: String, environment: [String: String] = environment) -> ToolRun {
    runTool(["encode"], stdin: stdin, environment: environment)
  }

  @Test(
    "out-of-range numbers are refused with the field's build code, before allocating",
    arguments: [
      // Each would trap (SIGILL), abort on a 1.15e18-byte allocation, or allocate 12.5 GB.
      (#""feature_bits":[18446744073709551615]"#, "build.invalid_features"),
      (#""feature_bits":[9223372036854775807]"#, "build.invalid_features"),
      (#""feature_bits":[100000000000]"#, "build.invalid_features"),
      (#""feature_bits":[5115]"#, "build.invalid_features"),
      (#""feature_bits":[-1]"#, "build.invalid_features"),
      (#""feature_bits":[1e300]"#, "build.invalid_features"),
      (#""extra_field_slots":[18446744073709551615]"#, "build.invalid_field_order"),
      (#""extra_field_slots":[5]"#, "build.invalid_field_order"),
      (#""extra_field_slots":[-1]"#, "build.invalid_field_order"),
      (#""created_at_x":0"#, nil),
      (#""amount_msat":-5"#, "build.invalid_amount"),
      (#""expiry":-1"#, "build.invalid_expiry"),
      (#""expiry":1e30"#, "build.invalid_expiry"),
      (#""min_final_cltv_expiry":-18"#, "build.invalid_min_final_cltv_expiry"),
      (#""routes":[[\#(hop(fee: "4294967296"))]]"#, "build.invalid_route"),
      (#""routes":[[\#(hop(delta: "65536"))]]"#, "build.invalid_route"),
      (#""routes":[[\#(hop(delta: "-1"))]]"#, "build.invalid_route"),
      (#""routes":[[\#(hop(scid: "16777216x0x0"))]]"#, "build.invalid_route"),
    ] as [(String, String?)])
  func outOfRange(change: String, code: String?) {
    // The coffee example's own keys come first; a repeated key would be refused, so each change
    // names a key the example does not have or replaces one by editing the text.
    var text = Self.json(change)
    for key in ["feature_bits", "amount_msat", "expiry", "min_final_cltv_expiry", "routes"]
    where change.hasPrefix("\"\(key)\"") {
      // `features` (hex) wins over `feature_bits`: set aside with it.
      var base = Self.json().replacingOccurrences(of: #""\#(key)":"#, with: #""unused_\#(key)":"#)
      base = base.replacingOccurrences(of: #""features":"#, with: #""unused_features":"#)
      text = base.dropLast() + "," + change + "}"
    }
    let run = Self.encode(text)
    guard let code else {
      #expect(run.code == 0, "\(run.stderr)")
      return
    }
    #expect(run.code == 1)
    #expect(run.stderr.hasPrefix("error: \(code): "), "\(run.stderr)")
    #expect(run.stdout.isEmpty)
  }

  static func hop(fee: String = "1", delta: String = "3", scid: String = "1x2x3") -> String {
    #"{"pubkey":"\#(SpecInvoice.payee)","short_channel_id":"\#(scid)","fee_base_msat":\#(fee),"#
      + #""fee_proportional_millionths":20,"cltv_expiry_delta":\#(delta)}"#
  }

  @Test(
    "JSON that is malformed or repeats a key is input.invalid_json",
    arguments: [
      #"{"currency":"bc","currency":"tb"}"#, "{", "[1,]", #"{"a":1}x"#, "",
      #"{"field_order":[1]}"#, #"{"field_order":["ab"]}"#,
    ])
  func invalidJSON(text: String) {
    let run = Self.encode(text)
    #expect(run.code == 1)
    #expect(run.stderr.hasPrefix("error: input.invalid_json: "), "\(run.stderr)")
  }

  @Test("a repeated key is refused, not read first-wins or last-wins")
  func repeatedKey() {
    let run = Self.encode(Self.json(#""created_at":1"#))
    #expect(run.code == 1)
    #expect(run.stderr.hasPrefix(#"error: input.invalid_json: key "created_at" is repeated"#))
  }

  @Test(
    "a field_order character is echoed escaped, never raw",
    arguments: ["\\u001b", "\\u202e", "\\u0007"])
  func escapedFieldOrder(character: String) {
    let text = Self.json().replacingOccurrences(
      of: #""field_order":["#, with: #""field_order":["\#(character)","#)
    let run = Self.encode(text)
    #expect(run.code == 1)
    #expect(run.stderr.hasPrefix("error: build.invalid_field_order: "), "\(run.stderr)")
    #expect(
      run.stderr.unicodeScalars.allSatisfy { $0 == "\n" || $0.value >= 0x20 && $0.value < 0x7F })
  }

  // MARK: - Keys

  @Test("--key works, with a warning on standard error saying why it is unsafe")
  func keyArgumentWarns() {
    let run = runTool(["encode", "--key", Self.key], stdin: Self.json())
    #expect(run.code == 0)
    #expect(run.stderr.hasPrefix("warning: --key puts the secret key on the command line"))
    #expect(run.stderr.contains("--key-file"))
  }

  @Test("the key from BOLT11_SIGNING_KEY signs what --key signs, without a warning")
  func environmentKey() {
    let fromArgument = runTool(["encode", "--key", Self.key], stdin: Self.json())
    let fromEnvironment = Self.encode(Self.json())
    #expect(fromEnvironment.code == 0)
    #expect(fromEnvironment.stderr.isEmpty)
    #expect(fromEnvironment.stdout == fromArgument.stdout)
  }

  @Test("--key-file reads a private key file; one open to group or others is refused")
  func keyFile() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = try folder.write("key", Self.key + "\n")
    #expect(chmod(path, 0o600) == 0)
    let run = runTool(["encode", "--key-file", path], stdin: Self.json())
    #expect(run.code == 0, "\(run.stderr)")
    #expect(run.stderr.isEmpty)
    #expect(run.stdout == Self.encode(Self.json()).stdout)
    for mode: mode_t in [0o644, 0o640, 0o604, 0o620] {
      #expect(chmod(path, mode) == 0)
      let refused = runTool(["encode", "--key-file", path], stdin: Self.json())
      #expect(refused.code == 2)
      #expect(refused.stderr.contains("has mode \(String(mode, radix: 8))"), "\(refused.stderr)")
      #expect(refused.stdout.isEmpty)
    }
  }

  @Test("a key file that is not 64 hex digits, missing, or a folder is refused")
  func badKeyFiles() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let short = try folder.write("short", "0101\n")
    #expect(chmod(short, 0o600) == 0)
    #expect(runTool(["encode", "--key-file", short], stdin: Self.json()).code == 2)
    let missing = runTool(["encode", "--key-file", folder.path + "/none"], stdin: Self.json())
    #expect(missing.code == 3)
    #expect(missing.stderr.hasPrefix("error: io.read: \(folder.path)/none: "))
    #expect(chmod(folder.path, 0o700) == 0)
    #expect(runTool(["encode", "--key-file", folder.path], stdin: Self.json()).code == 2)
  }

  @Test("--key and --key-file together are a usage error")
  func bothKeys() throws {
    let run = runTool(["encode", "--key", Self.key, "--key-file", "/dev/null"], stdin: Self.json())
    #expect(run.code == 2)
  }
}
