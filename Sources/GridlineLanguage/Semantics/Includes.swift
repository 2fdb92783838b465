/// How `use` reaches files. The language does no I/O: the driver and the REPL hand it
/// their reading and their path resolution.
public struct FileAccess: Sendable {
  /// The text of a file, or the system's reason it cannot be read ("No such file or
  /// directory", "Is a directory", "Too many levels of symbolic links").
  public var read: @Sendable (String) -> Result<String, FileReadFailure>
  /// The path with every symbolic link and `..` resolved, or nil when it cannot be (the
  /// file is missing, or the links loop): the identity `use` counts a file by.
  public var canonical: @Sendable (String) -> String?

  public init(
    read: @escaping @Sendable (String) -> Result<String, FileReadFailure>,
    canonical: @escaping @Sendable (String) -> String?
  ) {
    self.read = read
    self.canonical = canonical
  }
}

public struct FileReadFailure: Error, Sendable {
  public var reason: String
  public init(reason: String) { self.reason = reason }
}

/// `use "common.gl"`: splices the declarations of other files into a script before it is
/// checked, so the checker and the interpreter see one program. Each used file is parsed
/// with its offsets raised past the using file's (`SourceFile.attach`), so a diagnostic
/// in it names it, its line and its caret.
///
/// The rules (grammar.md, "Sharing declarations"):
/// - a path is relative to the file that says `use` (the working directory for lines
///   typed in the REPL); absolute paths and paths outside the spec's folder are allowed;
/// - a file is included once, however many files use it (a second `use` adds nothing);
/// - a file that uses itself, directly or through others, is an error naming the chain;
/// - files nest at most `maximumDepth` deep;
/// - a used file holds declarations only (and `use`s): its steps are errors.
public enum Includes {
  public static let maximumDepth = 32

  /// `program` with every top-level `use` replaced by the used file's declarations (in
  /// place, recursively); `file` records the used files. `path` is the script's own
  /// path when it has one (so that a file using it back is a cycle), and `directory`
  /// where its relative paths start ("" for the working directory).
  public static func resolve(
    _ program: Program, in file: inout SourceFile, path: String?, directory: String,
    access: FileAccess
  ) -> (program: Program, diagnostics: [Diagnostic]) {
    guard program.statements.contains(where: \.isUse) else { return (program, []) }
    var resolver = Resolver(file: file, access: access)
    let root = path.flatMap { p in access.canonical(p).map { [(name: p, canonical: $0)] } } ?? []
    var expanded = program
    expanded.statements = resolver.expand(
      program.statements, directory: directory, chain: root, depth: 0)
    expanded.brokenNames.formUnion(resolver.brokenNames)
    expanded.namesIncomplete = resolver.failed
    file = resolver.file
    return (expanded, resolver.diagnostics)
  }

  /// The directory part of a path ("" when it has none), for the paths a file uses.
  public static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// `path` as `use` in a file of `directory` reaches it.
  public static func joined(_ directory: String, _ path: String) -> String {
    if path.hasPrefix("/") || directory.isEmpty { return path }
    return directory.hasSuffix("/") ? directory + path : directory + "/" + path
  }
}

private struct Resolver {
  typealias Link = (name: String, canonical: String)

  var file: SourceFile
  let access: FileAccess
  var diagnostics: [Diagnostic] = []
  var brokenNames: Set<String> = []
  /// A `use` found no file (or a cycle, or went too deep).
  var failed = false

  /// `depth`: how many used files deep `statements` are (0: the script itself).
  mutating func expand(_ statements: [Statement], directory: String, chain: [Link], depth: Int)
    -> [Statement]
  {
    var out: [Statement] = []
    for statement in statements {
      guard case .use(let path, let range) = statement.kind else {
        out.append(statement)
        continue
      }
      out += include(path, at: range, directory: directory, chain: chain, depth: depth + 1)
    }
    return out
  }

  /// The declarations of one used file, or nothing (and a diagnostic at the path).
  mutating func include(
    _ path: String, at range: SourceRange, directory: String, chain: [Link], depth: Int
  ) -> [Statement] {
    let full = Includes.joined(directory, path)
    // Checked before the file system sees the name, as an `svg` path is (`ScriptPath`).
    if ScriptPath.holdsControlCharacter(full) {
      report(
        .fileNotUsed(ScriptPath.shown(full), reason: "a file name cannot hold a control character"),
        range)
      return []
    }
    guard let canonical = access.canonical(full) else {
      report(.fileNotUsed(full, reason: reason(full)), range)
      return []
    }
    if let first = chain.firstIndex(where: { $0.canonical == canonical }) {
      report(.useCycle(chain[first...].map(\.name) + [full]), range)
      return []
    }
    if depth > Includes.maximumDepth {
      report(.useTooDeep(chain.map(\.name) + [full], limit: Includes.maximumDepth), range)
      return []
    }
    if file.uses(canonical) { return [] }
    let text: String
    switch access.read(full) {
    case .success(let read): text = read
    case .failure(let failure):
      report(.fileNotUsed(full, reason: failure.reason), range)
      return []
    }
    // The input limit holds per run: the script and every file it uses, together.
    let total = file.readBytes + text.utf8.count
    if total > InputLimits.maximumBytes {
      report(.usedFilesTooLarge(full, total: total), range)
      return []
    }
    let used = SourceFile(name: full, text: text)
    let base = file.nextUsedBase
    file.attach(used, canonicalPath: canonical, base: base)
    let (program, parsed) = Parser.parse(used, base: base)
    diagnostics += parsed
    brokenNames.formUnion(program.brokenNames)
    for statement in program.statements where !statement.isDeclaration {
      diagnostics.append(
        .error(
          .stepInUsedFile(statement.keywordSpelling), at: statement.range,
          help: Hint.stepInUsedFile))
    }
    return expand(
      program.statements.filter(\.isDeclaration), directory: Includes.directory(of: full),
      chain: chain + [(full, canonical)], depth: depth)
  }

  /// Why a path has no canonical form: what reading it says.
  func reason(_ path: String) -> String {
    if case .failure(let failure) = access.read(path) { return failure.reason }
    return "No such file or directory"
  }

  mutating func report(_ message: Message, _ range: SourceRange) {
    failed = true
    diagnostics.append(.error(message, at: range))
  }
}

extension Statement {
  var isUse: Bool {
    if case .use = kind { return true }
    return false
  }
}
