/// Why a script's layout cannot be exported as UIKit Swift, or what the export leaves out.
/// Each names the script's line, so the reader can find what to change; the command line
/// prints errors as `gl: error: …` and notes as `gl: warning: …`.
public struct ExportProblem: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Severity: Sendable { case error, warning }

  public var severity: Severity
  /// The script's line the problem comes from, when it has one.
  public var line: Int?
  public var text: String

  public var description: String { text }

  static func error(_ text: String, line: Int? = nil) -> ExportProblem {
    ExportProblem(severity: .error, line: line, text: text)
  }

  static func warning(_ text: String, line: Int? = nil) -> ExportProblem {
    ExportProblem(severity: .warning, line: line, text: text)
  }

  // MARK: Refusals: what UIKit cannot say, or the exporter does not say yet

  static let otherLayout =
    "the layout is not a flow layout, a custom layout, a sticky grid or a compositional "
    + "layout: it has no UIKit class to export"
  /// What a custom layout has that its export does not write yet.
  static func customAdditions(_ what: String) -> String {
    "the custom layout has \(what): its UICollectionViewLayout subclass does not write "
      + "them yet"
  }
  /// Code of the script `place` holds that uses `what`, which has no translation yet.
  private static func untranslated(_ place: String, _ what: String) -> String {
    "\(place) uses \(what), which the export does not translate to Swift yet"
  }
  /// `what`: the part of the layout code (`'ln'`, `the name 'content'`, …).
  static func layoutCode(_ what: String) -> String { untranslated("the layout code", what) }
  static let stickyGrid =
    "the layout is a sticky grid (layout grid): its UICollectionViewLayout subclass is not "
    + "exported yet"
  /// What a compositional layout has that its export does not write.
  static func handlerCode(_ what: String) -> String {
    untranslated("the visible-items handler (on visible items)", what)
  }
  static func providerCode(_ what: String) -> String {
    untranslated("the custom group's code (group custom)", what)
  }
  static func compositionalAdditions(_ what: String) -> String {
    "the compositional layout has \(what): UICollectionViewCompositionalLayout has no "
      + "place for them (a subclass that changes its answers is not exported yet)"
  }

  /// `what`: the part of a trigger's condition or action the export cannot say.
  static func triggerCode(_ what: String) -> String {
    "an invalidation trigger uses \(what), which the export does not translate to Swift yet"
  }

  /// `what`: the part of a live transform's value the export cannot say.
  static func transformCode(_ what: String) -> String { untranslated("a transform", what) }

  static func adaptiveValue(_ what: String) -> String {
    untranslated("the adaptive section's value", what)
  }
  static func adaptiveFails(_ message: String) -> String {
    "the adaptive section cannot be built for the script's container: \(message)"
  }
  static let pinnedHeaderStop =
    "'pin headers stop at footer end' is the engine's choice (OPEN-2): UIKit's flow layout "
    + "stops a pinned header where the footer starts and has no property for the other"
  static let rowAlignment =
    "row alignment is UIKit's private API (FLOW-11): a flow layout in an app cannot set it"
  static let selfSizing =
    "self-sizing (estimated item size, preferred sizes) is sized by the cells' own content "
    + "in UIKit (preferredLayoutAttributesFitting(_:)), and the export writes no cells"
  static let expressionSize =
    "an item size computed by an expression is not exported yet (only constant sizes are)"
  /// `what`: "transforms", "decorations", … — what the script's flow subclass adds.
  static func additions(_ what: [String]) -> String {
    "the layout has \(what.joined(separator: ", ")): the UICollectionViewFlowLayout subclass "
      + "that overrides layoutAttributesForElements(in:) for them is not exported yet"
  }
  static func decorationFrame(_ kind: String) -> String {
    "the frame of decoration \"\(kind)\" is not exported yet: only numbers, + - * /, a rect's "
      + "members, section.items, section.index, section.count, rect(…), inset(r, d) and "
      + "union(a, b) are"
  }
  static let emptySectionDecoration =
    "a decoration with an empty section that has no header or insets of its own is not "
    + "exported yet (where its items would start)"
  static let layers = "a script with several layers is several collection views; export one"
  static let ownedSections = "sections owned by a layer are not exported"

  static func noLayout(_ name: String, known: [String]) -> String {
    let list =
      known.isEmpty
      ? "the script names no layouts" : "its layouts: " + known.joined(separator: ", ")
    return "the script declares no layout named '\(name)' (\(list))"
  }

  // MARK: Notes: what the export leaves out but lays out the same

  static let notLayout =
    "hooks, selection rules, cell identifiers and layout-change targets are behaviour, "
    + "not layout: left out"
  static let estimatedDimensions =
    "estimated dimensions: UIKit sizes those elements by their views' content "
    + "(preferredLayoutAttributesFitting(_:)); the export's views have none, and the script "
    + "and the check lay them out at their estimates"
  static func perItemPath(_ sections: [Int]) -> String {
    "sizeForItemAt is implemented, so UIKit lays out every section item by item (OPEN-3); "
      + "section(s) \(sections.map(String.init).joined(separator: ", ")) declare no item "
      + "sizes, and a short last line there is left-aligned in UIKit where gl keeps the "
      + "grid's columns"
  }
}
