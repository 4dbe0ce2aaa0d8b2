#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "journal-writer", arguments.count == 3, let count = Int(arguments.last!) {
  exit(await JournalWriter.run(directory: arguments[arguments.startIndex + 1], count: count))
}
exit(await DemoStory.run())
