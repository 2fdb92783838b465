/// GL2xxx: names and types, as the checker (and, for values only known while running, the
/// evaluator) finds them. Types are named with their article: "a size", "insets".
extension Message {
  // MARK: GL2001, GL2002 names

  static func unknownName(_ name: String) -> Message {
    Message(.unknownName, "unknown name '\(name)'")
  }

  static func unknownFunction(_ name: String) -> Message {
    Message(.unknownName, "unknown function '\(name)'")
  }

  static func unknownMethod(_ name: String) -> Message {
    Message(.unknownName, "unknown method '\(name)'")
  }

  static func noMember(_ type: String, _ name: String) -> Message {
    Message(.unknownMember, "\(type) has no member '\(name)'")
  }

  static func unknownInsetEdge(_ name: String) -> Message {
    Message(.unknownMember, "unknown inset edge '\(name)'")
  }

  static func givenTwice(_ name: String) -> Message {
    Message(.unknownMember, "'\(name)' is given twice")
  }

  static func notAvailable(_ name: String, inside place: String) -> Message {
    Message(.unknownName, "'\(name)' is not available inside \(place)")
  }

  static func twoPositionsOnOneAxis(_ a: String, _ b: String, _ axis: String) -> Message {
    Message(
      .valueOutOfRange,
      "'\(a)' and '\(b)' both move \(axis): a scroll position takes one per axis (UIKit raises for two)"
    )
  }

  static let positionNoneAlone = Message(
    .valueOutOfRange, "'none' leaves both axes alone; it takes no other position beside it")

  static func unknownCall(_ call: String) -> Message {
    Message(.unknownName, "no call is traced as '\(call)'")
  }

  static let decorationReadsDecoration = Message(
    .unknownName,
    "a decoration's frame reads the items, headers and footers laid out before it, not a decoration: the decorations are what the pass is computing"
  )

  static func elementsUnavailable(inside place: String) -> Message {
    Message(.unknownName, "elements cannot be read inside \(place)")
  }

  static func unavailable(_ method: ExpressionMethod) -> Message {
    Message(.unknownName, "\(method.rawValue) is not available here")
  }

  static func notInHook(_ what: String) -> Message {
    Message(
      .misplacedStatement,
      "'on scroll' runs inside one scrollViewDidScroll: it cannot hold \(what)")
  }

  // MARK: GL2003 type mismatch

  /// "WHAT expects a size, not a number".
  static func expects(_ what: String, _ wanted: String, not found: String) -> Message {
    Message(.typeMismatch, "\(what) expects \(wanted), not \(found)")
  }

  /// "WHAT is a size (W x H), not a number" (runtime).
  static func isNot(_ what: String, _ wanted: String, _ found: String) -> Message {
    Message(.typeMismatch, "\(what) is \(wanted), not \(found)")
  }

  /// "WHAT takes a point (x, y), not a number".
  static func takes(_ what: String, _ wanted: String, not found: String? = nil) -> Message {
    Message(.typeMismatch, "\(what) takes \(wanted)" + (found.map { ", not \($0)" } ?? ""))
  }

  /// "expected a number, found a size" (runtime).
  static func expectedValue(_ wanted: String, found: String, _ separator: String = ", found")
    -> Message
  {
    Message(.typeMismatch, "expected \(wanted)\(separator) \(found)")
  }

  static func madeOfNumbers(_ what: String, not found: String) -> Message {
    Message(.typeMismatch, "\(what) is made of numbers, not \(found)")
  }

  static func conditionNotBool(_ found: String) -> Message {
    Message(.typeMismatch, "the condition of '?' must be true or false, not \(found)")
  }

  static func branchesDiffer(_ a: String, _ b: String) -> Message {
    Message(.typeMismatch, "the branches of '?' differ: \(a) and \(b)")
  }

  static func pointArity(_ count: Int) -> Message {
    Message(.typeMismatch, "a point has two coordinates, (x, y); this has \(count)")
  }

  // MARK: GL2004 operands

  static func cannotApply(_ op: String, to type: String) -> Message {
    Message(.operandMismatch, "'\(op)' cannot apply to \(type)")
  }

  static func cannotCombine(_ op: String, _ a: String, _ b: String) -> Message {
    Message(.operandMismatch, "'\(op)' cannot combine \(a) and \(b)")
  }

  static func cannotCompare(_ a: String, _ b: String) -> Message {
    Message(.operandMismatch, "cannot compare \(a) with \(b)")
  }

  static func comparesNumbers(_ op: String, _ a: String, _ b: String) -> Message {
    Message(.operandMismatch, "'\(op)' compares numbers, not \(a) and \(b)")
  }

  static func joinsBools(_ op: String, _ a: String, _ b: String) -> Message {
    Message(.operandMismatch, "'\(op)' joins true/false values, not \(a) and \(b)")
  }

  // MARK: GL2005 arguments

  static func arity(_ function: String, _ expected: String, not count: Int) -> Message {
    Message(.argumentMismatch, "'\(function)' takes \(expected), not \(count)")
  }

  static func unexpectedLabel(_ label: String) -> Message {
    Message(.argumentMismatch, "unexpected label '\(label)'")
  }

  static func argumentType(_ function: String, _ text: String) -> Message {
    Message(.argumentMismatch, "'\(function)' \(text)")
  }

  static func methodArguments(_ method: ExpressionMethod) -> Message {
    Message(.argumentMismatch, "\(method.rawValue) takes one string, \(method.argument.long)")
  }

  static func methodArgument(_ method: ExpressionMethod, not found: String?) -> Message {
    Message(
      .argumentMismatch,
      "\(method.rawValue) takes \(method.argument.short) as a string"
        + (found.map { ", not \($0)" } ?? ""))
  }

  // MARK: GL2006 wrong layout

  static func noSuchProperty(_ layout: LayoutKind, _ property: String) -> Message {
    Message(.wrongLayout, "the \(layout.spelling) layout has no property '\(property)'")
  }

  /// "sticky headers need a flow layout; this script's layout is grid".
  static func needsFlowLayout(_ what: String, _ detail: String = "") -> Message {
    Message(.wrongLayout, "\(what) need a flow layout" + detail)
  }

  // MARK: GL2007 misplaced statements

  static let layerContents = Message(
    .misplacedStatement,
    "a layer holds its layout's declarations (layout, sticky headers, decoration, transform, invalidate on …, touches on | off, content inset, owns sections), not this"
  )

  static let layersAfterFirstStep = Message(
    .misplacedStatement, "layers must be declared before the first step")

  static let batchContents = Message(
    .misplacedStatement,
    "a batch holds update calls (insert, delete, reload, move) and one data block, not this")

  static let batchInsideBatch = Message(
    .misplacedStatement,
    "a batch cannot stand inside a batch: its updates would apply at once anyway")

  static let dataOutsideBatch = Message(
    .misplacedStatement,
    "'data' says what the data source answers after a batch: it stands inside 'batch { … }'")

  static let dataTwice = Message(.misplacedStatement, "a batch takes one data block")

  static let framesInsideBatch = Message(
    .misplacedStatement,
    "an update inside a batch animates with the batch: write 'batch over N frames { … }'")

  static let updateNeedsItem = Message(
    .typeMismatch,
    "an item update takes an index path [section, item]; for a whole section use 'sections'")

  static let identifiedSectionNeedsName = Message(
    .incompleteDeclaration,
    "a section of identified items needs its own identifier: section \"Fruits\" items [\"apple\"]")
}

extension Message {
  /// `tap header [0]`: only cells are highlighted and selected.
  static func touchesItemsOnly(_ statement: String, _ found: String, points: Bool = true)
    -> Message
  {
    Message(
      .typeMismatch,
      "'\(statement)' takes \(points ? "a point (x, y) or " : "")an item (item [0, 3]), not \(found)"
    )
  }
}

/// Layers that own sections.
extension Message {
  static let ownsOutsideLayer = Message(
    .misplacedStatement,
    "'owns sections' gives sections to one layer: write it inside 'layer NAME { … }'")

  static func ownedSections(_ found: String) -> Message {
    Message(.typeMismatch, "'owns sections' takes a section (0) or a range (0...2), not \(found)")
  }

  /// Two layers claim one section.
  static func sectionOwnedTwice(_ section: Int, by owner: String) -> Message {
    Message(
      .misplacedStatement,
      "section \(section) already belongs to layer '\(owner)': a section's items live in one layer (the others report 0 items there)"
    )
  }

  /// A layer owns a section the data source does not have.
  static func ownsMissingSection(_ layer: String, _ section: Int, count: Int) -> Message {
    Message(
      .noSuchElement,
      "layer '\(layer)' owns section \(section), but the data source has \(counted(count, "section"))"
        + (count > 0 ? " (0...\(count - 1))" : ""))
  }
}

extension Diagnostic {
  /// `layer NAME { … }` after the first step: the collection views, one per layer, exist.
  static func layerAfterFirstStep(_ name: Identifier) -> Diagnostic {
    .error(
      .layersAfterFirstStep, at: name.range,
      help: "move 'layer \(name.name) { … }' above the first scroll or show")
  }
}
