import Foundation
import GridlineCLI
import GridlineLanguage
import GridlineTestSupport
import Testing

/// The course in docs/tutorial: every lesson complete, its solution passing, its exercise
/// failing only by its expectations, its picture what the renderer makes today, and every
/// link of its pages leading somewhere.
@Suite("Tutorial course")
struct TutorialTests {
  static let folder = repositoryRoot.appendingPathComponent("docs/tutorial")
  static let lessons = (try? TutorialCourse(directory: folder.path).lessons()) ?? []
  static let slugs = lessons.map(\.slug)

  static func lesson(_ slug: String) -> TutorialLesson {
    lessons.first { $0.slug == slug }!
  }

  @Test("the lessons are numbered 1…N, each with its page, script, solution and picture")
  func complete() {
    #expect(Self.lessons.count >= 12)
    #expect(Self.lessons.map(\.number) == Array(1...max(1, Self.lessons.count)))
    for lesson in Self.lessons {
      for path in [lesson.markdownPath, lesson.scriptPath, lesson.solutionPath, lesson.picturePath]
      {
        #expect(FileManager.default.fileExists(atPath: path), "\(path) is missing")
      }
      #expect(lesson.title != lesson.slug, "\(lesson.markdownPath) has no # heading")
    }
  }

  @Test("each solution passes", arguments: slugs)
  func solution(_ slug: String) {
    let (text, status) = transcript(of: Self.lesson(slug).solutionPath)
    #expect(status == .success, "\(slug) solution exits \(status.rawValue):\n\(text)")
  }

  @Test(
    "each exercise fails by its expectations, or by an error on a line to fix, and says why",
    arguments: slugs)
  func exercise(_ slug: String) throws {
    let path = Self.lesson(slug).scriptPath
    let (text, status) = transcript(of: path)
    let lines = try String(contentsOfFile: path, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false)
    // An error may stop an exercise only on a line the learner is to fix (a batch that
    // crashes until its index path is right), never elsewhere.
    let name =
      path.hasPrefix(repositoryRoot.path + "/")
      ? String(path.dropFirst(repositoryRoot.path.count + 1)) : path
    let errorLines = Self.errorLines(in: text, of: name)
    for line in errorLines {
      #expect(
        line <= lines.count && lines[line - 1].contains("# EXERCISE"),
        "\(slug): an error on line \(line), which no exercise marks:\n\(text)")
    }
    #expect(
      status == (errorLines.isEmpty ? .expectationFailed : .runtimeFailure),
      "\(slug) exits \(status.rawValue):\n\(text)")
    #expect(!text.contains("[GL3"), "\(slug):\n\(text)")
    // A failing exercise says "not yet" and what to look at, never its values.
    #expect(!text.contains("expectation failed"), "\(slug) gives an answer away:\n\(text)")
    #expect(errorLines.count > 0 || text.contains("error: not yet: "), "\(slug):\n\(text)")
  }

  /// The lines of the script named `path` in a transcript that its errors other than
  /// "not yet" point at.
  static func errorLines(in transcript: String, of path: String) -> [Int] {
    transcript.split(separator: "\n").compactMap { line -> Int? in
      guard line.hasPrefix(path + ":"), line.contains(": error: "), !line.contains("not yet: ")
      else { return nil }
      return line.dropFirst(path.count + 1).split(separator: ":").first.flatMap { Int($0) }
    }
  }

  @Test("a solution differs from its exercise only on the lines marked EXERCISE", arguments: slugs)
  func onlyTheExercises(_ slug: String) throws {
    let lesson = Self.lesson(slug)
    let exercise = try String(contentsOfFile: lesson.scriptPath, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false)
    let solution = try String(contentsOfFile: lesson.solutionPath, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false)
    #expect(exercise.count == solution.count, "\(slug): the two files have different lengths")
    let changed = zip(exercise, solution).filter { $0 != $1 }
    #expect(!changed.isEmpty, "\(slug): the solution solves nothing")
    for (mine, theirs) in changed {
      #expect(
        mine.contains("# EXERCISE") && theirs.contains("# EXERCISE"),
        "\(slug): a change outside an exercise:\n  \(mine)\n  \(theirs)")
    }
  }

  @Test("each picture is what the command on its page renders", arguments: slugs)
  func picture(_ slug: String) throws {
    let lesson = Self.lesson(slug)
    let page = try String(contentsOfFile: lesson.markdownPath, encoding: .utf8)
    let command = try #require(
      Self.renderCommand(in: page), "\(slug): no `gl render …` on its page")
    let words = command.split(separator: " ").map(String.init)
    let option = { (name: String) in words.firstIndex(of: name).map { words[$0 + 1] } }
    let output = try #require(option("--svg") ?? option("--plot"))
    #expect(output == "docs/tutorial/images/\(slug).svg")
    let scratch = scratchDirectory()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let drawn = scratch.appendingPathComponent("picture.svg").path
    let script = words[2]
    let text = try String(
      contentsOf: repositoryRoot.appendingPathComponent(script), encoding: .utf8)
    var options = RunOptions()
    options.outputDirectory = scratch.path
    let status = ScriptRunner(options: options) { _, _ in }.render(
      SourceFile(name: script, text: text), svg: option("--svg").map { _ in drawn },
      plot: option("--plot").map { _ in drawn }, at: option("--at").flatMap { Int($0) })
    #expect(status == .success)
    let made = try String(contentsOfFile: drawn, encoding: .utf8)
    expectGolden(made, at: repositoryRoot.appendingPathComponent(output).path)
  }

  @Test("every link of the course's pages to a local file resolves")
  func links() throws {
    let pages =
      files(in: Self.folder, ending: ".md") + [
        repositoryRoot.appendingPathComponent("README.md")
      ]
    for page in pages {
      let text = try String(contentsOf: page, encoding: .utf8)
      for target in Self.links(in: text) {
        let path = page.deletingLastPathComponent().appendingPathComponent(target).path
        #expect(
          FileManager.default.fileExists(atPath: path),
          "\(page.lastPathComponent) links to \(target), which does not exist")
      }
    }
  }

  @Test("the index lists every lesson in order")
  func index() throws {
    let index = try String(
      contentsOf: Self.folder.appendingPathComponent("README.md"), encoding: .utf8)
    let positions = Self.lessons.map { index.range(of: "(\($0.slug).md)")?.lowerBound }
    #expect(positions.allSatisfy { $0 != nil }, "README.md misses a lesson")
    let found = positions.compactMap { $0 }
    #expect(found == found.sorted(), "README.md lists the lessons out of order")
  }

  /// The `gl render …` command between backticks on a page.
  static func renderCommand(in page: String) -> String? {
    guard let start = page.range(of: "`gl render ") else { return nil }
    let rest = page[start.upperBound...]
    guard let end = rest.firstIndex(of: "`") else { return nil }
    return "gl render " + rest[..<end]
  }

  /// The targets of `[text](target)` links that name local files (no scheme, no bare
  /// anchor), without their `#fragment`.
  static func links(in markdown: String) -> [String] {
    var targets: [String] = []
    var rest = markdown[...]
    while let open = rest.range(of: "](") {
      let after = rest[open.upperBound...]
      guard let close = after.firstIndex(of: ")") else { break }
      let target = String(after[..<close]).split(separator: "#", maxSplits: 1).first.map(
        String.init)
      if let target, !target.isEmpty, !target.contains(":") { targets.append(target) }
      rest = after[close...]
    }
    return targets
  }
}
