import GridlineLanguage

/// The `:help` topics that are no statement: how expressions are written, the names and
/// functions they read (listed from the vocabulary, so a new name appears here by itself),
/// and the REPL's `_`.
enum LanguageTopic: String, CaseIterable {
  case expressions, names, functions
  case result = "_"

  var text: String {
    switch self {
    case .expressions: Self.expressionsText
    case .names: Self.list(ExpressionVocabulary.infos.filter { $0.kind != .function })
    case .functions: Self.list(ExpressionVocabulary.infos.filter { $0.kind == .function })
    case .result:
      """
      _  the last result: the element or size show printed, the value print (or a bare
         expression) printed, the index path hit found (nothing after a miss), or how many
         elements show visible / show all listed.
         example: show item [0, 3]   then   print _.frame.maxY
      """
    }
  }

  static let expressionsText = """
    Expressions compute values; typed alone at the prompt, one prints its value.
      numbers 12, 0.5   strings "Photo"   sizes 100 x 50   points (0, 300)
      insets (top: 8, left: 16, bottom: 8, right: 16)   index paths [0, 3]   ranges 0...4
      arithmetic  + - * / %  and - before a value       comparison  == != < <= > >=
      logic       not, and, or                          choice      offset.y > 100 ? 1 : 0
      members     item [0, 3].frame.maxY (:info NAME lists a value's members; Tab after . too)
      calls       min(a, b), hit(10, 20), elements(in: bounds)   (:help functions)
    Loosest first: ?:, or, and, not, comparisons, ..., x, + -, * / %, unary -, members.
    examples: offset   item [0, 3].frame   6 * 7   content.height - viewport.height
    """

  /// One line per name: how it is written, its type, what it is.
  static func list(_ infos: [NameInfo]) -> String {
    let width = infos.map(\.syntax.displayWidth).max() ?? 0
    return infos.map { info in
      let type = info.type.map { " (\($0.rawValue))" } ?? ""
      let head = info.syntax + String(repeating: " ", count: width - info.syntax.displayWidth)
      return "  " + head + "  " + info.summary + type
    }.joined(separator: "\n") + "\n:info NAME says more: its members and the UIKit API it models."
  }
}

extension MetaCommand {
  /// What `:help :NAME` prints: the usage line, then what a newcomer needs to know.
  var help: String {
    let more: String =
      switch self {
      case .help: "With a topic: a statement, a part of expressions, a name or a command."
      case .explain: "Every diagnostic ends with its code, e.g. [GL1003]."
      case .load:
        """
        The file's lines keep their own numbers in errors. ~/ and quotes work as in a shell.
        It runs after this session's entries: into a session with entries, :reload instead.
        """
      case .reload:
        """
        After editing a lesson: its declarations run once, not added to the last run's.
        A file that cannot be read changes nothing.
        """
      case .save:
        """
        Bare expressions are saved as print, stepped statements whole, loaded files inline;
        entries a script cannot replay (failed, cancelled, reading _) become comments.
        An existing file is replaced only when you say yes, or with -f or --force (piped input).
        """
      case .undo:
        """
        The session is run again from the start without that entry, its output hidden:
        slower than remembering states, but the state is exactly what the other entries make.
        """
      case .reset: "The history stays; the entries, lets and views go."
      case .state: "Also the lets this session bound, with their values."
      case .type: "The expression is checked, not run: :type hit(10, 10) moves nothing."
      case .info: "Names: state (offset), elements (item), functions (min), lets, types (rect)."
      case .trace: "The same as the statement trace on | off."
      case .time: "Wall-clock time of each entry, in milliseconds, after its output."
      case .history: "Up and Down walk the history; Ctrl-R searches it."
      case .step: "While stepping, draw shows the frame; an entry that acts ends the stepping."
      case .next: "Without N, one frame; more than one prints a summary, not a line per frame."
      case .continue: "On a terminal a progress line rewrites itself; Ctrl-C stops it."
      case .quit: "Piped input ends at its end."
      }
    return usage + "\n" + more.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
  }
}
