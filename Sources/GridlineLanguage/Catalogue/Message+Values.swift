import LayoutEngine

/// GL3xxx: values out of their range, elements that do not exist, and the limits that
/// keep every run finite.
extension Message {
  // MARK: GL3001 out of range

  static func mustBePositive(_ what: String, _ value: String? = nil) -> Message {
    Message(.valueOutOfRange, "\(what) must be positive" + (value.map { ", not \($0)" } ?? ""))
  }

  static func cannotBeNegative(_ what: String, _ value: String) -> Message {
    Message(.valueOutOfRange, "\(what) cannot be negative\(value)")
  }

  static func nonPositiveItemSize(_ size: String) -> Message {
    Message(
      .valueOutOfRange,
      "negative or zero item sizes are not supported in the flow layout (FLOW-19): \(size)")
  }

  static let displayScaleRange = Message(
    .valueOutOfRange, "the display scale must be between 0 (no rounding) and 16")

  static func alphaRange(_ value: Double) -> Message {
    Message(.valueOutOfRange, "alpha is between 0 and 1, not \(formatNumber(value))")
  }

  static let perspectiveZero = Message(
    .valueOutOfRange, "the perspective distance must be a non-zero number")

  static func clampBounds(_ low: Double, _ high: Double) -> Message {
    Message(
      .valueOutOfRange,
      "clamp's low (\(formatNumber(low))) is above its high (\(formatNumber(high)))")
  }

  static func negativeSquareRoot(_ value: Double) -> Message {
    Message(.valueOutOfRange, "sqrt of a negative number (\(formatNumber(value)))")
  }

  static func insetLeavesNothing(_ d: Double, _ rect: String) -> Message {
    Message(.valueOutOfRange, "inset by \(formatNumber(d)) leaves nothing of \(rect)")
  }

  static let emptyReuseIdentifier = Message(
    .valueOutOfRange, "a reuse identifier cannot be empty (register cell \"Photo\")")

  static func emptyRange(_ a: Int, _ b: Int) -> Message {
    Message(.valueOutOfRange, "the range \(a)...\(b) is empty (its start is after its end)")
  }

  static let scrollNeedsFrames = Message(.valueOutOfRange, "a scroll needs at least one frame")
  static let dragNeedsFrames = Message(.valueOutOfRange, "a drag needs at least one frame")
  static let plotNeedsFrames = Message(
    .valueOutOfRange, "an svg plot needs at least one frame, and its block ran none")

  static let animationNeedsFrames = Message(
    .valueOutOfRange, "an animated update needs at least one frame (leave out 'over' for none)")

  // MARK: GL3002

  static func notWhole(_ what: String, _ value: Double) -> Message {
    Message(.notWholeNumber, "\(what) must be a whole number, not \(formatNumber(value))")
  }

  // MARK: GL3003 elements that do not exist

  static func noSection(_ section: Int, declared count: Int, by owner: String) -> Message {
    Message(.noSuchElement, "there is no section \(section): \(owner) \(counted(count, "section"))")
  }

  /// `scroll to header [3]` of a section with none: nothing to scroll to.
  static func noScrollTarget(_ why: String) -> Message {
    Message(.noSuchElement, "nothing to scroll to: \(why)")
  }

  static func noItem(_ section: Int, _ item: Int, count: Int) -> Message {
    Message(
      .noSuchElement,
      "there is no item [\(section), \(item)]: section \(section) has \(counted(count, "item"))")
  }

  static func itemsOutside(_ items: String, count: Int) -> Message {
    Message(
      .noSuchElement,
      "item \(items) is outside the section, which has \(counted(count, "item"))")
  }

  static func noAttributes(_ section: Int, _ item: Int) -> Message {
    Message(.noSuchElement, "the layout has no attributes for item [\(section), \(item)]")
  }

  static func noDecoration(_ section: Int, _ kind: String) -> Message {
    Message(.noSuchElement, "section \(section) has no \"\(kind)\" decoration")
  }

  static func sectionHasNo(_ section: Int, _ what: String) -> Message {
    Message(.noSuchElement, "section \(section) has no \(what)")
  }

  // MARK: GL3004 limits

  static func overLimit(_ what: String, _ n: Int, limit: Int) -> Message {
    Message(.limitExceeded, "\(what) is \(n); the limit is \(limit)")
  }

  static func tooManySections(limit: Int) -> Message {
    Message(.limitExceeded, "more than \(limit) sections")
  }

  static func tooManyItems(_ n: Int, limit: Int) -> Message {
    Message(.limitExceeded, "the collection view would hold \(n) items; the limit is \(limit)")
  }

  static func tooManySteps(limit: Int) -> Message {
    Message(.limitExceeded, "the script ran more than \(limit) steps")
  }

  static func stripTooLong(limit: Int) -> Message {
    Message(.limitExceeded, "an svg strip holds at most \(limit) states")
  }

  static func plotTooLong(limit: Int) -> Message {
    Message(.limitExceeded, "an svg plot holds at most \(limit) samples (the frame limit)")
  }

  // MARK: GL3006–GL3008 limits of expressions, strings and work

  static func expressionTooDeep(limit: Int) -> Message {
    Message(
      .expressionTooDeep,
      "this expression is more than \(limit) levels deep (each operator of a chain is a level)")
  }

  static func stringTooLong(_ length: Int, limit: Int) -> Message {
    Message(
      .stringTooLong, "the string would be \(length) bytes long (UTF-8); the limit is \(limit)")
  }

  static func tooManyStringBytes(limit: Int) -> Message {
    Message(
      .stringTooLong,
      "the strings made would hold more than \(limit) bytes in all (UTF-8; the string-bytes limit)")
  }

  static func workExhausted(limit: Int) -> Message {
    Message(
      .workExhausted,
      "the script did more than \(limit) units of work (the work limit: elements gathered, "
        + "layers laid out per frame, steps of layout code, arrays scanned or copied)"
    )
  }

  static func tooManyListed(_ n: Int, limit: Int) -> Message {
    Message(
      .limitExceeded,
      "show all would gather \(n) elements; the limit is \(limit) (the listed-elements limit)")
  }

  static func arrayTooLong(_ n: Int, limit: Int) -> Message {
    Message(
      .limitExceeded,
      "the array would hold \(n) numbers; the limit is \(limit) (the array-length limit)")
  }

  static func tooManyArrayElements(limit: Int) -> Message {
    Message(
      .limitExceeded,
      "the arrays made would hold more than \(limit) numbers in all (the array-elements limit)")
  }

  static func printTooLong(_ n: Int, limit: Int) -> Message {
    Message(
      .limitExceeded, "print would list \(n) values; the limit is \(limit) (the rows limit)")
  }

  static func tooManyInPass(limit: Int, layers: Int) -> Message {
    let shared = layers > 1 ? ", shared by the \(layers) layers" : ""
    return Message(
      .limitExceeded,
      "a layout pass met more than \(limit / max(1, layers)) elements on screen and one "
        + "viewport ahead; the limit is \(limit) (the elements-per-pass limit\(shared))")
  }

  static func tooManyStoredItems(_ n: Int, layers: Int, limit: Int) -> Message {
    Message(
      .limitExceeded,
      "the \(layers) layers would hold \(n) items in all; the limit is \(limit)")
  }

  // MARK: GL3005

  static func notFinite(_ what: String, limit: Double, _ value: Double) -> Message {
    Message(
      .notFinite,
      "\(what) must be a finite number within ±\(formatNumber(limit)), not \(formatNumber(value))")
  }

  static func targetNotFinite(_ hook: String, _ p: Point) -> Message {
    Message(
      .notFinite,
      "\(hook) set a target offset that is not finite: (\(formatNumber(p.x)), \(formatNumber(p.y)))"
    )
  }

  static func resultNotFinite(divisionByZero: Bool) -> Message {
    Message(
      .notFinite,
      "the result is not a finite number" + (divisionByZero ? " (division by zero)" : ""))
  }
}

/// GL4xxx: what happens while a script runs.
extension Message {
  /// UIKit's own exception, as the collection view raises it.
  static func exception(_ name: String, _ reason: String) -> Message {
    Message(.collectionViewException, "\(name): \(reason)")
  }

  static func notYet(_ hint: String) -> Message {
    Message(.expectationFailed, "not yet: \(hint)")
  }

  static func expectationFailed(_ text: String) -> Message {
    Message(.expectationFailed, "expectation failed: \(text)")
  }

  /// A layout's console warning (e.g. an item wider than the collection view, FLOW-20).
  static func layoutWarning(_ text: String) -> Message { Message(.layoutWarning, text) }

  static let svgNeedsFileName = Message(.outputPath, "'svg' takes a file name (a string)")

  // MARK: Diffable data sources

  static let mixedDataSource = Message(
    .misplacedStatement,
    "sections with item identifiers (a diffable data source) and sections with counts cannot be mixed"
  )

  static func diffableUpdate(_ word: String) -> Message {
    Message(
      .misplacedStatement,
      "the items have identifiers (a diffable data source): change them with 'apply snapshot { … }', not '\(word)'"
    )
  }

  static let snapshotNeedsIdentifiers = Message(
    .misplacedStatement,
    "'apply snapshot' replaces a diffable data source, but these sections have counts, not identifiers"
  )

  static func noItemIdentifier(_ identifier: String) -> Message {
    Message(.noSuchElement, "no item \(identifier.quoted) in the data source")
  }

  // MARK: Scrolling physics

  static func decelerationRange(_ rate: Double) -> Message {
    Message(
      .valueOutOfRange,
      "a deceleration rate is a factor per millisecond strictly between 0 and 1, not \(formatNumber(rate))"
    )
  }

  static func frameRateRange(_ rate: Double) -> Message {
    Message(
      .valueOutOfRange, "a frame rate is 1 to 1000 frames a second, not \(formatNumber(rate))")
  }

  static func velocityRange(_ v: Double) -> Message {
    Message(
      .valueOutOfRange,
      "a velocity is finite and at most 1000000 points per millisecond, not \(formatNumber(v))")
  }

  static func hookTooDeep(limit: Int) -> Message {
    Message(
      .limitExceeded,
      "'on scroll' ran inside itself more than \(limit) deep: each of its scrolls calls "
        + "scrollViewDidScroll again")
  }

  static let noItemNear = Message(.noSuchElement, "nearest(…) found no cell: there are no items")

  static func gestureTooLong(frames: Int, limit: Int) -> Message {
    Message(
      .limitExceeded, "the deceleration would take \(frames) frames (the limit is \(limit))")
  }

  static func logarithmDomain(_ v: Double) -> Message {
    Message(.valueOutOfRange, "ln takes a positive number, not \(formatNumber(v))")
  }
}

/// Touch and selection: where a finger can be, and what it can touch.
extension Message {
  static func touchOffScreen(_ point: String, _ bounds: String) -> Message {
    Message(
      .valueOutOfRange,
      "the point \(point) is off screen (the visible bounds are \(bounds)): a finger touches only what is displayed"
    )
  }

  static func itemNotOnScreen(_ item: String) -> Message {
    Message(.noSuchElement, "\(item) is not displayed, so no finger can touch it")
  }

  static let liftWithoutPress = Message(
    .misplacedStatement, "'lift' without a finger down: 'press' first (or 'tap', which lifts)")

  static let pressWhilePressed = Message(
    .misplacedStatement, "a finger is already down: 'lift' it before pressing again")
}

/// The editing menu.
extension Message {
  /// `menu item [0, 3] cut` over items with identifiers.
  static func menuEditOnDiffable(_ action: String) -> Message {
    Message(
      .misplacedStatement,
      "the script's '\(action)' changes the items with \(action == "cut" ? "deleteItems(at:)" : "insertItems(at:)"), which a diffable data source does not take: change them with 'apply snapshot { … }'"
    )
  }
}
