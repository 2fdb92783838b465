#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One lesson of the course: `NN-slug.md` (the page) beside `NN-slug.gl` (the script with
/// its exercises), with `solutions/NN-slug.gl` and `images/NN-slug.svg`. The files are
/// found by name, so a lesson is added by adding its files — no list to keep in step.
public struct TutorialLesson: Sendable, Equatable {
  /// The lesson's place in the course, from the name's two-digit prefix.
  public let number: Int
  /// The name without extension, e.g. `04-pinned-vs-sticky`.
  public let slug: String
  /// The markdown's first heading, without the `#`.
  public let title: String
  /// The course's folder, as it was located (relative when found below the working
  /// directory, so the paths printed are short).
  public let directory: String

  public var markdownPath: String { directory + "/" + slug + ".md" }
  public var scriptPath: String { directory + "/" + slug + ".gl" }
  public var solutionPath: String { directory + "/solutions/" + slug + ".gl" }
  public var picturePath: String { directory + "/images/" + slug + ".svg" }
}

/// The tutorial course of `docs/tutorial`, read from the files on disk (not embedded):
/// a reader edits the lesson scripts as exercises, so `gl tutorial N` must open the very
/// file they edit, and the markdown beside it is what they read.
public struct TutorialCourse: Sendable {
  /// The variable that names the course's folder, ahead of any other place.
  public static let environmentVariable = "GRIDLINE_TUTORIAL"

  public let directory: String

  public init(directory: String) { self.directory = directory }

  /// Where the course is: `$GRIDLINE_TUTORIAL` when set; else `docs/tutorial` below the
  /// working directory (a checkout); else `docs/tutorial` in the nearest folder above the
  /// executable that has one. The executable's own path is searched upwards rather than a
  /// fixed two levels, because `.build/debug` is a symbolic link and `/proc/self/exe`
  /// resolves it to `.build/<triple>/debug/gl`. Nil when none has lessons.
  public static func locate(
    environment: [String: String], currentDirectory: String, executable: String?
  ) -> String? {
    if let named = environment[environmentVariable], !named.isEmpty { return named }
    let local = "docs/tutorial"
    if hasLessons(currentDirectory + "/" + local) { return local }
    guard var folder = executable.map(parent) else { return nil }
    while folder != "/" && !folder.isEmpty {
      folder = parent(folder)
      let candidate = (folder == "/" ? "" : folder) + "/" + local
      if hasLessons(candidate) { return candidate }
    }
    return nil
  }

  /// The lessons in order. A folder that cannot be read throws the system's reason.
  package func lessons() throws(FileError) -> [TutorialLesson] {
    let names = try directoryNames(directory)
    return names.compactMap { name -> TutorialLesson? in
      guard let slug = Self.lessonSlug(name), let number = Int(slug.prefix(2)) else {
        return nil
      }
      let text = (try? readTextFile(directory + "/" + name)) ?? ""
      return TutorialLesson(
        number: number, slug: slug, title: Self.title(of: text) ?? slug, directory: directory)
    }.sorted { ($0.number, $0.slug) < ($1.number, $1.slug) }
  }

  /// `gl tutorial`'s listing: one line a lesson, its number right-aligned, then its title.
  public static func listing(_ lessons: [TutorialLesson]) -> String {
    let width = String(lessons.last?.number ?? 0).count
    return lessons.map { lesson in
      let number = String(lesson.number)
      return String(repeating: " ", count: width - number.count) + number + "  " + lesson.title
    }.joined(separator: "\n")
  }

  /// The error for a lesson number the course does not have.
  public static func missingLesson(_ number: Int, among lessons: [TutorialLesson]) -> String {
    "no lesson \(number); gl tutorial lists the \(lessons.count) lessons"
  }

  /// The first `# ` heading of a markdown page.
  static func title(of markdown: String) -> String? {
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: true)
    where line.hasPrefix("# ") {
      return line.dropFirst(2).trimmingSpaces
    }
    return nil
  }

  /// `NN-slug` for a name `NN-slug.md` (two digits, a dash, lower-case words), else nil:
  /// README.md and other pages in the folder are not lessons.
  static func lessonSlug(_ name: String) -> String? {
    guard name.hasSuffix(".md") else { return nil }
    let slug = String(name.dropLast(3))
    let chars = Array(slug)
    guard chars.count > 3, chars[0].isASCII, chars[0].isNumber, chars[1].isASCII,
      chars[1].isNumber, chars[2] == "-"
    else { return nil }
    let allowed = chars.dropFirst(3).allSatisfy {
      $0 == "-" || ($0.isASCII && ($0.isLowercase || $0.isNumber))
    }
    return allowed ? slug : nil
  }

  private static func hasLessons(_ folder: String) -> Bool {
    ((try? directoryNames(folder)) ?? []).contains { lessonSlug($0) != nil }
  }

  private static func parent(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}

extension Substring {
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
