import Bolt11
import TestSupport
import Testing

@testable import Hashing

/// The public functions use `SHA256.Engine.preferred`: the x86 SHA extensions when the CPU has
/// them, else the portable Swift rounds. The tests that take an engine run on each one this CPU
/// has, so the portable rounds are checked on every machine.
@Suite struct SHA256Tests {
  /// Whether this CPU has the SHA extensions (SHA-NI with SSSE3 and SSE4.1).
  static let hasSHAExtensions = SHA256.Engine.preferred == .shaExtensions

  /// The engines this CPU can run: the portable rounds always, the SHA extensions when it has them.
  static let engines: [SHA256.Engine] =
    hasSHAExtensions ? [.portable, .shaExtensions] : [.portable]

  private static func digest(
    _ buffer: UnsafeRawBufferPointer, _ engine: SHA256.Engine
  ) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: SHA256.digestLength) { digest, initialized in
      SHA256.hash(buffer, into: digest, engine: engine)
      initialized = SHA256.digestLength
    }
  }

  private static func digest(_ bytes: [UInt8], _ engine: SHA256.Engine) -> [UInt8] {
    bytes.withUnsafeBytes { digest($0, engine) }
  }

  private static func digest(_ text: String, _ engine: SHA256.Engine) -> String {
    hexString(digest(Array(text.utf8), engine))
  }

  @Test("FIPS 180-2 example: \"abc\" (one block)", arguments: engines)
  func abc(_ engine: SHA256.Engine) {
    #expect(
      Self.digest("abc", engine)
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  }

  @Test("FIPS 180-2 example: the 448-bit message (two blocks)", arguments: engines)
  func twoBlocks(_ engine: SHA256.Engine) {
    #expect(
      Self.digest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", engine)
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
  }

  @Test("FIPS 180-4 example: the 896-bit message", arguments: engines)
  func longMessage(_ engine: SHA256.Engine) {
    #expect(
      Self.digest(
        "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
        engine
      ) == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
  }

  @Test("FIPS 180-2 example: one million \"a\"", arguments: engines)
  func millionA(_ engine: SHA256.Engine) {
    #expect(
      hexString(Self.digest([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000), engine))
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test("the empty message", arguments: engines)
  func empty(_ engine: SHA256.Engine) {
    #expect(
      hexString(Self.digest([], engine))
        == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(SHA256.hash([]).count == SHA256.digestLength)
  }

  /// Digests of the first n bytes of the pattern byte(i) = (37 i + 11) mod 256, n = 0...130, which
  /// crosses every padding case (tail of 0...63 bytes, one or two final blocks, 55/56 and 119/120
  /// boundaries). Generated with Python's hashlib:
  ///   for n in range(131):
  ///     print(hashlib.sha256(bytes((i*37 + 11) & 0xff for i in range(n))).hexdigest())
  static let patternDigests: [String] = [
    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    "e7cf46a078fed4fafd0b5e3aff144802b853f8ae459a4f0c14add3314b7cc3a6",
    "cdc63a6325d5fa92515578c0b418e6eeec1c6d085937a24fc43c2126ea517457",
    "b39fad1a1075f64570b3226d339ea818f9c66ecd2f1c59fd8b9c5a32b54c513f",
    "eedb9976fbc850679de37a930e6685d5d7db6ea7c723af34df528aa8b6fa46df",
    "b0876eace1394020b22cb0718294dd328ac1dc6bae00af2f064289022c86281a",
    "801da61dbcec49313c8da83ee4a11a12ab0a33d3acfef1cfe1661be0d5564751",
    "e759cdfe6d8119afd0dccf1b85394ff66d02636fd01db3189dae43e91e3c1385",
    "ada1a184226d6b2fd6a3728f3c5411d6651f387a6365d84fee8972f8fe55dba9",
    "5e0f483e871e0f84851ecd8b9ed0001677c4bf98638ab260d85ed264258c6904",
    "775297092df92dfd16a87620e0608f71e11b14b156c58d20846ab7b197d83eb7",
    "08fabd05da8d4962bb9f3ba1a1393ef41d38cbe575d5764715a966adb6da2d97",
    "dd3fd284d8cc574a76de2481f20213f443ba8f939e41b9855023901e4b508f73",
    "f9a3612d255e62d4ea5f0b94b5543bf0c0efb9f9acc1e759ad574ab269a9edba",
    "66c694f29564ed1be238f0cc7d5783a386be4598254f35bf2357cd372d2b3d5e",
    "09792492cd2b1db99c9726d9e94640a1b7fd99dce348acbdcd55daba1c7e7bf2",
    "cd7d620a0588e54dd46e114a6f4ae5212c82e48abe5a13703649a745861a0c60",
    "d6ef72ccf1dc07afb3074967c93919b8c410f0b633fec60ee3c7233441ceff44",
    "f903fae92d4e901c983f528192521f6dc333063cb3989d0e140b5bf9296fa6c3",
    "9a20ae798f2ad83bda7888c59ffd303dfe46b0d64a82ecb6b760be0f6f88d89c",
    "74da03933ab6fc62c7871c2994af988ff99b7f064737c81af8e81aceddaf57b6",
    "90ce7915f1f22d079093aa50265dd48754aa017d4ef23d5cafc06102d55002d6",
    "a0407fc482a072d7cc0035a8e3e7330654cf0762a474810fa109679ad1d02412",
    "4d556bf9c23323e0aba17945aad3a832e0f67dfe4d2222d6244c28c599c9312f",
    "23c7b48100a142072d8f750d7bb2e34d72cc46e6ac263c54a1a0b36fec0aa5da",
    "26c285015de52171ecaee093dff3f497dd3c0f12e4f484cebb3c35c05d54c510",
    "934d8a4d5356f43aedf493cc31a3e482df2df9eb2bcca87b5cd237972d023980",
    "a05ecc61ba4d79334e8cf64416940dee178907d88b5f63b194bb114057c472b8",
    "3dc7de8e7e5e2a49680248f1513fd2552a1be410681820abb813ab934c8b1ec0",
    "1a4959dca1af8f260fc0d66a18b58b59c21b23aca05a019eae35cf9e4bbca2c9",
    "c582303daf20ec31db865226561c32ff015ce49f00254dbb056a5d7544fb9b66",
    "0cc420417cb6a768e632bf1be8d1f197c9c0e9dd1dd2021e3bd37c46cee0516f",
    "83b7a8ed859053c81d818870fab1f8b1ae44d06a98a9665d369a8fd7d2838ded",
    "e19474c88a4056ba021fa047becc8366c59b3a933931d508ec4543450731132f",
    "9dad872820622ff8d5851eafd45e7dafd4ee3e22adece4a5f029668011f5c1ee",
    "97b4af583dbc8199a534122a55cc10d1a6c01de7138ee62cf5e5e71e6cddff23",
    "de547933205679b70215773345d0509b37c2028c25cbb2f58a7fe5c4943b0bdb",
    "c33aef5769fc88357a5805ef4e4d171ce91fdacf03d93c7826a944d4a725d11b",
    "cc539ac958c16c43b9071ae6191fd25f2839167b546e351dd503e0195404f4a5",
    "cfc1ad90c5803aed16496c24a6ef2669c3f71384bc6b32ed810583ec757e143c",
    "76def75856e5d73ece011b058b02d205991a48f0fcf8b7ddcc24005d57759b23",
    "c3e0156169b2a77559942d6c83f3910d0967752ee41c3db7d66ae8ce86f2e69e",
    "602d057fc3af303e2c318d681f05e1e7acbe07bdc9129434eac90b1c6739075d",
    "3396a0e8fca1de6d61bd8325a5c35e30c32e0c99b25e7b7e86a893103c77400e",
    "adef897bed495fd4f175556c1cfa9818dd7ea28e205be2c074f7673e428f1d46",
    "20b886fee380b8f643ff3839dfdfe82579f427e391fa15ecf926a5852ffca93b",
    "5012a47af354ee8d1fe54280e8da11b17c5b98dd39a8e86f2a82acbee6b1d2b9",
    "4c8c50af8719072140fd82c583ad0972136d3962ea3f70ee3b611d11acd386ad",
    "a6250da1e7ca144af7fdac8fd737c2e88e87cc08e232b16b53452227a56d5dde",
    "d08cf7eb5abf6b84dfc0187e137a8929855f59cccd4bcf5911f7912bf44a86f2",
    "32a1cfde77b79bf95b4ec12614851574efe58f62ff2513943fb58b003bce2b1e",
    "4eae55438a1f230e75259856b44bf3c4265fa98ab1c61813e1c5b8c63ff4f885",
    "a200151966c341bcae5526e4e9cb6c344b9231c4468b159d5d90ee56963ffb4a",
    "a41ad7999ea32fb38095ca92f1c54848aebd573b9a2922f572f684b1da8f5ac5",
    "0b35cded48f546833dc4e93133ffc3d7e05c7e41842f4accc39c6e04204c8dde",
    "2900465fcb533e05a158fd2b3be0e5e3b03740d83060aa3580e0d98a96bf2384",
    "31454ff48ef36af2f08fd511bdc37d9d5855ac23e992e5ff5445cb6b7674a674",
    "bcc0a5d3791b985b7550e04ca660a6c63a589ba1edd2283c8e110e5b515df124",
    "625f50f0c121a43afb524b104e3edf8eacf001ffd8795ac11609f458bb4c9003",
    "5a85bd878ca7ff9e9a89748f613bf443cf10d199662c21e7115fca98262fa411",
    "35d6f8129baac2bc4427ae4f5d831acde4a59233146da0e0524cd6b445ff6982",
    "de1025bf69990152626ae709c870a15a907a1775ecf669fb3d4955a4ee23a3da",
    "88908d0c7953bf0924d1e1e6f494578300aab9c32e4312f1e733832ff57d8bff",
    "5f6401b96532c36de4e65beec0409b69b1d181864c8009b7a04f43e5d56350d1",
    "94eb5de4943613fd048dc93393ab06877405faa39c11f53e9386083339833e7e",
    "fc518669b6eb4b4dd91827ecacef86689c725bd5bab888fd3b26dbb196eec954",
    "65d7b2dbf0f1402f1c5e0d31165ae5a2660417bb118185f8e802ff2433b10b61",
    "1751e734f4b375b9a87d788441da4e2054858e8a29ea3039579dd765f778c3c6",
    "82ca07354ec5f5f758372e2dc930e31aa6c6b4f488233e4e4333e6e3c373966e",
    "487875324c347b6baccc0e7b7c7e4a0e68e34f932cbb32b23b259c98af778f2c",
    "54600d51dc1bbf04fb01cd5120f7797e4f5b974e224c8963865d1ecad1bf6d3c",
    "2da56abe0ee37a408a94693d95f7af5e9774f0659a3c2593b33df5fb0a236e35",
    "f1ea2423d41c019f186e07091035dfdd3627392a51584d753295a86810066c61",
    "d3d699995b8dca504d20bdaf82d9ef8bc2f7bf3a2126eb7192a6e831f5b4babb",
    "085013af5c88bd1be39327fe36180ec513e4614bba72213b5709b490746ad03a",
    "bdfbaedb8843d8edbaf7ac25816e72e56410fcf73c03b88deb5bd6588a0e1bce",
    "afe11f0eeb094a486d48cc0487b69db3c7613ac5f504f4b6c634dc68064a5c19",
    "6f01858ea26c389578b8a5e009a3a31d8f0935e2825678ddd15139cffcd60eb5",
    "c32a314d01b530f4da04e1ee760e31c53753c90a32112f2a2f986051dd3e0d0c",
    "3e4ebacf675f162f656e4ad287e9851c295c07157e40345d00d450bfdfa06c74",
    "8afeccf31bf9f73cd8af1a4c0288ad4f0bb8e1d0774d48632c4ef1b5df82e779",
    "ddae3bfe09abd5afa42033db7b96cf8a28d19888c510d070135fe530b95de166",
    "87bc08d52cbd184319ab15d724cbc176b5c170a8e9006b822fe9d8cfd5429544",
    "48e6ff5b741939d250244be71835ccf9990e2ad25bf9c8421a478e5c6c05f864",
    "baa4f92a8a93935d5f99d9d47f04358eb56cda3fd880048c2b3da2b107450757",
    "aca8968db74fbd68c294dd826d1e7dcca58e321b505dc96eeebd5ac2f2c15636",
    "d3431be4fd07bc8d9fdaedbdc9584defa07ef03a34517d7e689180d429fcc144",
    "dd6ac441d2d8e74e32c2079f14e1763b52b177fac3f4833ae3896339d9c15341",
    "c51092ae9e5f2311f8cca2cd082a0c47dcef80524d7b9e497b92c4b6c287425f",
    "90202925504853497e21fdaad3d18a4caa0d3da1f25796fbfc221181cd5589aa",
    "38516949889807994420f40558eafc48753d4a99ec33d6a04045cf1d2e527b57",
    "6dd8ebcf9bdae6f557891ee487229ab4c37abc9bd5987c463935084c321eac0a",
    "2f4ac2663ceea0e9dd22721d110b2d6a565e000b1069436c7e723ca09a9af2f6",
    "f56327665603462dd71e534d972a4f9d2f4fb1b389c9a30affe8a99f1fcd7d37",
    "eeb364ed535ddee1ae978899ff0958363a8f3b27447baed3906bbf2bf225f93a",
    "47b36f08053588e6added63bcd14bec0c3017ef2e11cbf22fcb900863d70e02a",
    "88e785f8ea2039c6d181b4f501ac3f4458b904dea280fe66f2d590d7c098db25",
    "60919a22a1cff77e01622c9ff12b4e87852d978b9d3f6eec3790adacee05da13",
    "4169a946e6e90dc9125004dc10ee2f2ccd0bdb719c06099255e22ea34e3589f5",
    "de7c1ec4aa814a4bca044a6392f2d084b1247c751f859b0cc940e531e6c393bb",
    "5fb5d4b7ace49f5eac37422b8e1db12bab83cdbc2b7123abb61457e19c050d4c",
    "ef70de4d49e091d72d4cbf7c44c68d697564536a3dca09d5f18f11cf51652ccd",
    "ad2bfc2ba2bacc4924c52ef70ca127df712796bec9dbced853b9df366ee67e06",
    "9ae38e0d0111478e163e01ff1ee3b67272ab39b341165f217eafa18eacad09b8",
    "76701c4459d8d58fe7a0f16f5699e6074de6ca12005df1008ff618b4764c2818",
    "70ef868078a5640f4e1c8b7afd900329ea332be2a6a3f8e57dfeaf9f084e1b26",
    "237384e7b0fded9f4f7844f68892645380a022602c935668d7797365bf053a22",
    "f3d5506a70f4dbf96e095e15ecb257b1899ede36265815e781092f0ad5f04392",
    "0c0f21f9639bdc2404e10917555a5c62dc019032545343f5ea24d78d68e4b5c0",
    "dffe27d7c312f2e63c9183e4fdc0efb2ccddc29eb64789e34d4c701c8d6cca06",
    "65a81a885728692a22ddc6b961a4ea59c361e2e02de2bb27dfcdf41cd8dcd0d4",
    "aeca4f5a02aead30b044df2ce00b97f2f4874c25352eaa1916a1831819dcc3dd",
    "cec7a189fcea0a38f025f11208b1bd2b12ec291ff00ec5448a325c5c8db0c7ac",
    "cf1a963953155c44d16895e04631102a3e8c239321e045b9a62d71eac1c4a67a",
    "2ebc22005dfccb2af091d0f0b3131a44fccc4040ee238f94fa245759c08fb14f",
    "cd738c4986011502c886997e292dbf0d25ee5553903e367570ca86c269915dc5",
    "fb1b5da476c8834f72ac306a34864d8fceb08b88b625d8f40ccb54332ac92a98",
    "ae8dd3e46094282f5a992327888c1305d5291c5025a4bf6cfc3fb2f8bbfd36e5",
    "f3283313d4f923cd7202ee64fa023aa6daa492bc7838b9f970d24a9f8cc62a93",
    "b0dc41b1a384e2f1203f0351b38fbeaafceef577ce1191d5bfc25da39f721eae",
    "5df24dd802ac26132ce608dcb5f09841eef039ee0f152acf98d26d17fe4e88e6",
    "5ed5a129bb49444fe2585d785920135a02f64350edf57c5f3ce7605b86f39039",
    "8419642ca144c4337525ba61c1f2d3d291449fd49c86eaa902ea1eb756865794",
    "b9b8bc6127b8c9e1396cc2081b5181edc2a264746b6038b094e49b7ea8a98a46",
    "3dc980ced4e4687929dd079c84fe8e6e4b3d6a80435a68bb3ad4bb860ea63b80",
    "7e4f5abad35b869cb65368b12294c008848db0e48c513f6eab6c768daabe73ab",
    "8513afe4abd1c76b2e4959fa30344f1c85bb8acbbf0284f161aa47fbf459e483",
    "0fe729ff19257bd6fec853acc2ea355f6b34b58e6c0f684c3e188fcdfcd9baae",
    "0aedd4856f8eba0963627336ad5144a9a7dbe12498e6066f0165fc97d8ddee4c",
    "4f1757ae4bffbae86d775b831765b75af154d52f7deaa46dd378051a2d3ad57f",
    "d35b74124cb85cfac62bfeaf3a9771efab3e0ef88fc43702c35a6efe09467cc1",
  ]

  private static func pattern(_ count: Int) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: $0 * 37 + 11) }
  }

  @Test("digests of every length 0...130 match hashlib", arguments: engines, 0...130)
  func patternLengths(_ engine: SHA256.Engine, _ length: Int) {
    #expect(hexString(Self.digest(Self.pattern(length), engine)) == Self.patternDigests[length])
  }

  @Test("the public functions give hashlib's digests", arguments: [0, 55, 56, 64, 119, 120, 130])
  func publicFunctions(_ length: Int) {
    let bytes = Self.pattern(length)
    #expect(hexString(SHA256.hash(bytes)) == Self.patternDigests[length])
    #expect(bytes.withUnsafeBytes { hexString(SHA256.hash($0)) } == Self.patternDigests[length])
  }

  @Test("every length 0...300: the digests, chained, match hashlib", arguments: engines)
  func chainedLengths(_ engine: SHA256.Engine) {
    // Computed with Python's hashlib for this test, the pattern as above:
    //   hashlib.sha256(b"".join(hashlib.sha256(pattern(n)).digest() for n in range(301)))
    var chained: [UInt8] = []
    for length in 0...300 { chained += Self.digest(Self.pattern(length), engine) }
    #expect(
      hexString(Self.digest(chained, engine))
        == "04fb0a96a55968fbda07295fecba14af486380896cc1d6946aa2da7478e5d0ba")
  }

  /// `count` bytes: the little-endian bytes of successive outputs of `SplitMix64(seed:)`, as the
  /// Python that computed the expected digests below makes them.
  private static func seededBytes(seed: UInt64, count: Int) -> [UInt8] {
    var generator = SplitMix64(seed: seed)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(count + 7)
    while bytes.count < count { withUnsafeBytes(of: generator.next().littleEndian) { bytes += $0 } }
    return Array(bytes.prefix(count))
  }

  @Test("large pseudo-random messages match hashlib", arguments: engines)
  func largeMessages(_ engine: SHA256.Engine) {
    // Computed with Python's hashlib for this test, on the same SplitMix64 bytes (Python port:
    // state += 0x9e3779b97f4a7c15, the two multiply-xorshift steps, 8 little-endian bytes each).
    let expected: [(seed: UInt64, count: Int, digest: String)] = [
      (1, 1000, "c0b94bf9b8006ee0a267d24ebca4081cf341d64eb4513f3c7ea164f2818d2299"),
      (2, 4113, "b880502c08f58c3429f4332c75106f106168eaf17aa6ee31ddd1d5a068ee313a"),
      (3, 65_537, "773de73af22c3b4617d25d8c963818757176ee1bacd439ac280d3bc2d12e5aa5"),
      (4, 262_143, "6f0c7dc3910c037a76c13a58318d3b8f3e1e983c99f2e240419cac6f620fddef"),
    ]
    for (seed, count, digest) in expected {
      #expect(
        hexString(Self.digest(Self.seededBytes(seed: seed, count: count), engine)) == digest,
        "seed \(seed), \(count) bytes")
    }
  }

  /// Every length 0...300 at four start offsets, and large random messages. On a CPU without the
  /// SHA extensions this test is skipped; the tests above still check the portable rounds.
  @Test(
    "the SHA extensions agree with the portable rounds",
    .enabled(if: hasSHAExtensions, "this CPU has no x86 SHA extensions (SHA-NI, SSSE3, SSE4.1)"))
  func enginesAgree() {
    let bytes = Self.seededBytes(seed: 5, count: 303)
    bytes.withUnsafeBytes { raw in
      for offset in 0..<4 {
        for length in 0...300 {
          let message = UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + length)])
          #expect(
            hexString(Self.digest(message, .shaExtensions))
              == hexString(Self.digest(message, .portable)),
            "offset \(offset), length \(length)")
        }
      }
    }
    // A new seed each run, named in any failure so that it can be replayed.
    let seed = UInt64.random(in: .min ... .max)
    var generator = SplitMix64(seed: seed)
    for _ in 0..<4 {
      let message = generator.bytes(Int.random(in: 10_000...300_000, using: &generator))
      #expect(
        hexString(Self.digest(message, .shaExtensions))
          == hexString(Self.digest(message, .portable)),
        "seed \(seed), \(message.count) bytes")
    }
  }

  @Test(
    "hashing a buffer gives the same digest, wherever the buffer starts",
    arguments: engines, [0, 1, 3, 7])
  func rawBuffer(_ engine: SHA256.Engine, _ offset: Int) {
    // A buffer that starts at an odd address must be read byte by byte, not as aligned words.
    let padded = [UInt8](repeating: 0xee, count: offset) + Self.pattern(130)
    for length in [0, 55, 56, 64, 119, 120, 130] {
      let digest = padded.withUnsafeBytes { raw in
        Self.digest(UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + length)]), engine)
      }
      #expect(
        hexString(digest) == Self.patternDigests[length], "offset \(offset), length \(length)")
    }
  }

  @Test("a message of many blocks: bytes 0...255 forty times", arguments: engines)
  func manyBlocks(_ engine: SHA256.Engine) {
    // hashlib.sha256(bytes(range(256)) * 40).hexdigest()
    let message = Array((0..<40).map { _ in (0...255).map { UInt8($0) } }.joined())
    #expect(
      hexString(Self.digest(message, engine))
        == "e96760a87768717bcebcfd25ddc7d46b4dbc95a4b0014def080c08539f7d90d0")
  }

  @Test("double SHA-256, as Base58Check uses it")
  func doubleHash() {
    // hashlib.sha256(hashlib.sha256(b"abc").digest()).hexdigest()
    #expect(
      hexString(SHA256.hash(SHA256.hash(Array("abc".utf8))))
        == "4f8b42c22dd3729b519ba6f68d2da7cc5b2d606d05daed5ad5128cc03e6c6358")
  }
}
