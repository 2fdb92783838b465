/// Messages of custom layouts and their code (`layout custom`, `prepare`, `var`, `for`,
/// `place`).
extension Message {
  // MARK: GL2003 / GL2007

  static func notAnArray(_ found: String) -> Message {
    Message(.typeMismatch, "only an array has elements to index, not \(found)")
  }

  static func assignmentType(_ name: String, _ wanted: String, not found: String) -> Message {
    Message(.typeMismatch, "'\(name)' holds \(wanted); it cannot take \(found)")
  }

  static func notAVar(_ name: String) -> Message {
    Message(.misplacedStatement, "'\(name)' is not a var: only a var can change")
  }

  static func layoutCodeOutsidePrepare(_ word: String) -> Message {
    Message(
      .misplacedStatement,
      "'\(word)' is layout code: it goes inside a custom layout's prepare { … }"
    )
  }

  static func notLayoutCode(_ word: String) -> Message {
    Message(
      .misplacedStatement,
      "'\(word)' cannot run inside layout code: it is var, let, assignments, if, for, while, place, content size and answer"
    )
  }

  static func notInCustomLayout(_ word: String) -> Message {
    Message(
      .misplacedStatement,
      "'\(word)' does not belong in a custom layout: it holds let, prepare, elements in rect and invalidate on …"
    )
  }

  static let prepareTwice = Message(.misplacedStatement, "a custom layout has one prepare block")

  static let queryTwice = Message(
    .misplacedStatement, "a custom layout has one elements in rect block")

  static let answerOutsideQuery = Message(
    .misplacedStatement,
    "'answer' belongs in elements in rect { … }: prepare places, the query answers")

  static func notInQuery(_ word: String) -> Message {
    Message(
      .misplacedStatement,
      "'\(word)' belongs in prepare: elements in rect reads the cache and answers from it")
  }

  // MARK: a custom group's item provider (COMP-7)

  static let placeInGroupOutside = Message(
    .misplacedStatement,
    "'place item at RECT' with no index path is a custom group's (group custom … { place item at rect(…) }); prepare names the element: place item [0, i] at …"
  )

  static let placePathInGroup = Message(
    .misplacedStatement,
    "a custom group places its items in order, with no index path: 'place item at rect(…)' gives the section's next item that frame (COMP-7)"
  )

  static func notInItemProvider(_ word: String) -> Message {
    Message(
      .misplacedStatement,
      "'\(word)' does not belong in a custom group's code: it places the group's items with 'place item at RECT' and reads 'environment', the group's size"
    )
  }

  static func customItemAttribute(_ name: String) -> Message {
    Message(
      .misplacedSyntax,
      "a custom item is a frame and a zIndex (NSCollectionLayoutGroupCustomItem(frame:zIndex:)); '\(name)' is a transform's, not a custom item's"
    )
  }

  static func codeCancelled(steps: Int) -> Message {
    Message(
      .limitExceeded,
      "cancelled (Ctrl-C) after \(steps) steps; the layout keeps what it placed before")
  }

  static func tooManyAnswers(limit: Int) -> Message {
    Message(
      .limitExceeded,
      "elements in rect answered more than \(limit) elements (the listed-elements limit)")
  }

  static let customLayoutInside = Message(
    .misplacedStatement,
    "a custom layout is declared at the top level or in a layer, not in a block")

  // MARK: GL3001 / GL3004

  static func indexOutsideArray(_ index: Int, count: Int) -> Message {
    Message(
      .valueOutOfRange,
      "index \(index) is outside the array (\(count) element\(count == 1 ? "" : "s"): 0..<\(count))"
    )
  }

  static func negativePlacedSize(_ what: String, _ size: String) -> Message {
    Message(.valueOutOfRange, "\(what) cannot be negative: \(size)")
  }

  static func loopTooLong(_ count: Int, limit: Int) -> Message {
    Message(
      .limitExceeded, "the loop would run \(count) times: past the step limit (\(limit))")
  }

  /// `inside`: `prepare` or `elements in rect`.
  static func codeTooLong(_ inside: String, limit: Int) -> Message {
    Message(.limitExceeded, "\(inside) ran past the step limit (\(limit) steps)")
  }

  static func placedOutsideData(_ element: String, _ detail: String) -> Message {
    Message(.noSuchElement, "\(element) does not exist: \(detail) (LAY-7)")
  }

  // MARK: GL4003 — as the collection view logs them

  static func placedTwice(_ element: String) -> String {
    "prepare placed \(element) twice: the later attributes win"
  }

  static func contentSizeNeverSet(_ layout: String) -> String {
    "\(layout)'s prepare never set its content size: collectionViewContentSize is zero, as UIKit's base class answers"
  }
}

/// Messages of named layouts and `switch layout`.
extension Message {
  static func layoutDeclaredTwice(_ name: String) -> Message {
    Message(
      .misplacedStatement,
      "a layout named '\(name)' is already declared: each name is one layout object")
  }

  static func unknownLayout(_ name: String) -> Message {
    Message(.unknownName, "unknown layout '\(name)'")
  }

  static let switchNeedsFrames = Message(
    .valueOutOfRange, "an animated layout switch takes at least 1 frame")
}
