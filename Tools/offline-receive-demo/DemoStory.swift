enum DemoStory {
  static func run() async -> Int32 { 0 }
}
