import ArgumentParser
import GridlineCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `gl tutorial [N]`: the course in docs/tutorial — its lessons listed, or lesson N opened
/// in the REPL with its script loaded, as `gl repl FILE` would.
struct Tutorial: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "List the tutorial's lessons, or open lesson N in the REPL with its file loaded.",
    discussion: """
      The lessons are read from $GRIDLINE_TUTORIAL if set, else docs/tutorial below the \
      working directory, else docs/tutorial of the checkout the gl executable was built in.
      """)

  @Argument(help: "The lesson to open (gl tutorial lists them).")
  var lesson: Int?

  func run() throws {
    let lessons = try Self.course()
    guard let lesson else {
      emit(.standardOutput, TutorialCourse.listing(lessons))
      // How to go on, as a newcomer who typed `gl tutorial` needs to be told.
      emit(
        .standardOutput,
        "\ngl tutorial N opens lesson N: its page to read and its script in the REPL, loaded.")
      return
    }
    guard let found = lessons.first(where: { $0.number == lesson }) else {
      emit(.standardError, "gl: error: " + TutorialCourse.missingLesson(lesson, among: lessons))
      throw ExitCode(ScriptStatus.usage.rawValue)
    }
    emit(
      .standardOutput,
      "Lesson \(found.number): \(found.title). Read \(found.markdownPath); "
        + "its exercises are in \(found.scriptPath), loaded below. Edit it, then "
        + "`:reload` runs it again in a fresh session.")
    let repl = try Repl.parse([found.scriptPath])
    try repl.run()
  }

  /// The located course's lessons, or a usage error saying where it looked.
  private static func course() throws -> [TutorialLesson] {
    let directory = TutorialCourse.locate(
      environment: Environment.variables, currentDirectory: currentDirectory(),
      executable: executablePath())
    guard let directory else {
      emit(
        .standardError,
        "gl: error: no tutorial found (docs/tutorial below this folder or the gl checkout); "
          + "set \(TutorialCourse.environmentVariable) to the course's folder")
      throw ExitCode(ScriptStatus.usage.rawValue)
    }
    do {
      let lessons = try TutorialCourse(directory: directory).lessons()
      if lessons.isEmpty {
        emit(.standardError, "gl: error: no lessons (NN-name.md) in '\(directory)'")
        throw ExitCode(ScriptStatus.usage.rawValue)
      }
      return lessons
    } catch let error as FileError {
      emit(.standardError, "gl: error: " + error.message("read", directory))
      throw ExitCode(ScriptStatus.usage.rawValue)
    }
  }

  private static func currentDirectory() -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return "." }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The running executable, symbolic links resolved (Linux's /proc/self/exe).
  private static func executablePath() -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
