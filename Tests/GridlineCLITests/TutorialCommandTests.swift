import Foundation
import GridlineCLI
import GridlineTestSupport
import Testing

/// Finding the course, reading its lessons' titles, and `gl tutorial` itself.
@Suite("gl tutorial")
struct TutorialCommandTests {
  /// A course of two lessons and a page that is no lesson, in a scratch folder.
  static func smallCourse() throws -> URL {
    let root = scratchDirectory()
    let folder = root.appendingPathComponent("docs/tutorial")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try put("# Second things\n\ntext\n", "02-second.md", in: folder)
    try put("intro\n\n#  First things  \n", "01-first.md", in: folder)
    try put("# The index\n", "README.md", in: folder)
    try put("# Not a lesson\n", "3-short.md", in: folder)
    return root
  }

  @Test("lessons come in order, titled by their first heading; other pages are skipped")
  func lessons() throws {
    let root = try Self.smallCourse()
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = root.appendingPathComponent("docs/tutorial").path
    let lessons = try TutorialCourse(directory: folder).lessons()
    #expect(lessons.map(\.number) == [1, 2])
    #expect(lessons.map(\.title) == ["First things", "Second things"])
    #expect(lessons[0].scriptPath == folder + "/01-first.gl")
    #expect(lessons[1].solutionPath == folder + "/solutions/02-second.gl")
    #expect(TutorialCourse.listing(lessons) == "1  First things\n2  Second things")
    #expect(
      TutorialCourse.missingLesson(42, among: lessons)
        == "no lesson 42; gl tutorial lists the 2 lessons"
    )
  }

  @Test("the course is $GRIDLINE_TUTORIAL, else below the working directory, else above gl")
  func locate() throws {
    let root = try Self.smallCourse()
    defer { try? FileManager.default.removeItem(at: root) }
    let elsewhere = scratchDirectory()
    defer { try? FileManager.default.removeItem(at: elsewhere) }
    let named = TutorialCourse.locate(
      environment: ["GRIDLINE_TUTORIAL": "/some/course"], currentDirectory: root.path,
      executable: nil)
    #expect(named == "/some/course")
    let local = TutorialCourse.locate(
      environment: [:], currentDirectory: root.path, executable: nil)
    #expect(local == "docs/tutorial")
    let built = root.appendingPathComponent(".build/x86_64-unknown-linux-gnu/debug/gl").path
    let beside = TutorialCourse.locate(
      environment: [:], currentDirectory: elsewhere.path, executable: built)
    #expect(beside == root.appendingPathComponent("docs/tutorial").path)
    let none = TutorialCourse.locate(
      environment: [:], currentDirectory: elsewhere.path, executable: "/usr/bin/gl")
    #expect(none == nil)
  }

  @Test("gl tutorial lists the course's lessons, one line each")
  func listing() throws {
    let (text, status) = try gl(["tutorial"], in: repositoryRoot)
    #expect(status == 0)
    let lines = text.split(separator: "\n")
    #expect(lines.count == TutorialTests.lessons.count + 1)
    #expect(lines.first?.hasPrefix(" 1  ") == true)
    // Then how to open one.
    #expect(lines.last?.hasPrefix("gl tutorial N opens lesson N") == true, "\(text)")
  }

  @Test("gl tutorial 42: no such lesson, exit 64")
  func missing() throws {
    let (text, status) = try gl(["tutorial", "42"], in: repositoryRoot)
    #expect(status == 64)
    #expect(
      text
        == "gl: error: no lesson 42; gl tutorial lists the \(TutorialTests.lessons.count) lessons\n"
    )
  }

  @Test("gl tutorial 4 says where the page is and opens the REPL on the lesson's script")
  func open() throws {
    let elsewhere = scratchDirectory()
    defer { try? FileManager.default.removeItem(at: elsewhere) }
    let (text, _) = try gl(["tutorial", "4"], in: elsewhere, stdin: "print header [0].zIndex\n")
    let lesson = TutorialTests.lessons[3]
    #expect(text.hasPrefix("Lesson 4: \(lesson.title). Read "))
    #expect(text.contains("/docs/tutorial/04-pinned-vs-sticky.md"))
    #expect(text.contains("recipeY"), "the lesson's failing exercise is reported:\n\(text)")
  }
}
