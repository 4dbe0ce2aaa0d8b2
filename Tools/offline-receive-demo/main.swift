#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "journal-writer", arguments.count == 3 || arguments.count == 5,
  let count = Int(arguments[arguments.startIndex + 2])
{
  let directory = arguments[arguments.startIndex + 1]
  if arguments.count == 5, let start = Int(arguments.last!) {
    exit(
      await JournalWriter.run(
        directory: directory, count: count, tag: arguments[arguments.startIndex + 3],
        start: start))
  }
  exit(await JournalWriter.run(directory: directory, count: count))
}
exit(await DemoStory.run())
