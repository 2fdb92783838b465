/// The messages of `layout compositional` (COMP-1…COMP-15).
extension Message {
  // MARK: GL2006 wrong layout

  /// "'background' belongs in a section, not in a group".
  static func notInBlock(_ keyword: CompositionalKeyword, _ block: CompositionalBlock) -> Message {
    let homes = keyword.blocks.map { $0 == .layout ? "the layout" : "a \($0.rawValue)" }
    return Message(
      .wrongLayout,
      "'\(keyword.spelling)' belongs in \(homes.joined(separator: " or ")), not in "
        + (block == .layout ? "the layout" : "a \(block.rawValue)"))
  }

  // MARK: GL1006 incomplete declaration

  static let compositionalNeedsSection = Message(
    .incompleteDeclaration,
    "a compositional layout needs a section: layout compositional { section { group … } }")
  static let sectionNeedsOneGroup = Message(
    .incompleteDeclaration, "a section needs exactly one group (NSCollectionLayoutSection(group:))")
  static let groupNeedsSubitem = Message(
    .incompleteDeclaration, "a group needs at least one item or group inside it")
  static let countGroupNeedsOneSubitem = Message(
    .incompleteDeclaration,
    "a group with 'count' repeats exactly one item or group (subitem:count:); this one has more")

  // MARK: GL3001 value out of range

  static func dimensionOutOfRange(_ what: String, _ value: Double) -> Message {
    Message(
      .valueOutOfRange, "\(what) must be a finite number, not negative: \(Value.number(value))")
  }

  static func takesNoRoom(_ what: String) -> Message {
    Message(
      .valueOutOfRange,
      "\(what) takes no room along its group, which would repeat it forever; give it a width (or height) above 0"
    )
  }

  static func countOutOfRange(_ n: Int) -> Message {
    Message(.valueOutOfRange, "a group's count must be at least 1, not \(n)")
  }

  static func sectionDeclaredTwice(_ s: Int?) -> Message {
    Message(
      .valueOutOfRange,
      s.map { "section \($0) is described twice" } ?? "the default section is described twice")
  }

  static func kindUsedTwice(_ kind: String) -> Message {
    Message(
      .valueOutOfRange,
      "the element kind \"\(kind)\" is used twice in one section; every supplementary of a section needs a kind of its own (UIKit raises)"
    )
  }

  // MARK: GL3004 limit exceeded

  static func tooManyInGroup(section: Int, limit: Int) -> Message {
    Message(
      .limitExceeded,
      "a group of section \(section) repeats its items past \(limit); the limit is \(limit) items per group"
    )
  }

  static func tooManyCustomItems(limit: Int) -> Message {
    Message(
      .limitExceeded,
      "a custom group's code places more than \(limit) items; the limit is \(limit) items per group"
    )
  }

  /// `environment` read where no section provider is asking.
  static let environmentOutsideSection = Message(
    .unknownName,
    "'environment' is the container a section provider is given: it is read in the entries of a compositional section only"
  )

  // MARK: orthogonal scrollers (COMP-9)

  static let sectionScrollAtOnce = Message(
    .misplacedSyntax,
    "'scroll section' moves the section's scroller at once; for motion, 'fling section N x V'")

  static func whyNotExplained(_ layout: String, element: String) -> Message {
    Message(
      .wrongLayout,
      element == "item"
        ? "'why' explains the items of flow, compositional and custom layouts so far; this collection view's layout is \(layout)"
        : "'why' explains the \(element)s of flow layouts, placed or pinned as UIKit's are, and of custom layouts, so far; this collection view's layout is \(layout)"
    )
  }

  static func notOrthogonal(_ section: Int) -> Message {
    Message(
      .wrongLayout,
      "section \(section) has no scroller of its own: only a section of a compositional layout with 'orthogonal scrolling' scrolls across"
    )
  }

  static func orthogonalAxis(_ section: Int, _ axis: String) -> Message {
    Message(
      .valueOutOfRange,
      "section \(section) scrolls across the layout, along \(axis) only, not \(axis == "x" ? "y" : "x")"
    )
  }
}
