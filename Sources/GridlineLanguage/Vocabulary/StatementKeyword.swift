/// The words that start a statement (grammar.md, Statements). `:help` has a topic for each.
public enum StatementKeyword: String, Keyword {
  case viewport
  case contentInset = "content inset"
  case safeArea = "safe area"
  case layoutMargins = "layout margins"
  case layout
  case insetAdjustment = "inset adjustment"
  case scale
  case `let`
  case use
  case stickyHeaders = "sticky headers"
  case decoration
  case transform
  case appearing
  case disappearing
  case layer
  case ownsSections = "owns sections"
  case invalidate
  case onInvalidate = "on invalidate when flag"
  case textMetrics = "text metrics"
  case section
  case sections
  case register
  case cells
  case scroll
  case drag
  case release
  case fling
  case paging
  case bounces
  case prefetching
  case alwaysBounce = "always bounce"
  case deceleration
  case frameRate = "frame rate"
  case tapStatusBar = "tap status bar"
  case snap
  case onWillEndDragging = "on will end dragging"
  case onScroll = "on scroll"
  case onLayoutChange = "on layout change"
  case resize
  case switchLayout = "switch layout"
  case reload
  case insert
  case delete
  case move
  case batch
  case data
  case apply
  case reconfigure
  case show
  case draw
  case svg
  case hit
  case why
  case tap
  case press
  case lift
  case select
  case deselect
  case allowsSelection = "allows selection"
  case allowsMultipleSelection = "allows multiple selection"
  case shouldHighlight = "should highlight"
  case shouldSelect = "should select"
  case shouldDeselect = "should deselect"
  case canMove = "can move"
  case touches
  case menu
  case shouldShowMenu = "should show menu"
  case canPerform = "can perform"
  /// The scroll view delegate's question, kept with the other `should` questions (their
  /// order is completion's).
  case shouldScrollToTop = "should scroll to top"
  case prepare
  case elementsInRect = "elements in rect"
  case `var`
  case `if`
  case `for`
  case `while`
  case place
  case contentSize = "content size"
  case answer
  case expect
  case print
  case `repeat`
  case trace

  /// What a custom layout's block holds (grammar.md, "Custom layouts").
  public var inCustomLayout: Bool {
    self == .let || self == .prepare || self == .invalidate || self == .elementsInRect
  }

  /// What `prepare { … }` holds: layout code.
  public var isLayoutCode: Bool {
    [.var, .let, .if, .for, .while, .place, .contentSize, .answer].contains(self)
  }

  /// Whether a statement this word starts may stand at `position`: layout code only in
  /// `prepare` and `elements in rect`, those two only in a custom layout.
  public func stands(at position: StatementPosition) -> Bool {
    switch position {
    case .code: isLayoutCode
    case .itemProvider: isLayoutCode && self != .contentSize && self != .answer
    case .customLayout: inCustomLayout
    case .script: (!isLayoutCode || self == .let) && !(self == .prepare || self == .elementsInRect)
    }
  }

  /// `expect EXPR hint "TEXT"`: an exercise's expectation, whose failure says the hint
  /// rather than the values. A clause after the expression, not a continuation of the
  /// keyword: the lexicon and the editor grammar read it from `expect`'s syntax.
  public static let hintWord = "hint"

  public var continuations: [String] {
    switch self {
    case .layout: LayoutKind.spellings
    case .insetAdjustment: InsetAdjustment.spellings
    case .stickyHeaders: ["on", "off", "z"]
    case .invalidate: TriggerKeyword.spellings + TriggerActionKeyword.spellings
    case .transform, .appearing, .disappearing: TransformSelectorKeyword.spellings
    case .scroll: ScrollKeyword.spellings
    case .drag: ["by", "x", "y", "over", "section"]
    case .release: ["velocity", "x", "y", "section"]
    case .fling: ["x", "y", "section"]
    case .tapStatusBar: ["over"]
    case .shouldScrollToTop: ["when"]
    case .onScroll: ["when"]
    case .paging, .bounces, .allowsSelection, .allowsMultipleSelection, .touches, .prefetching:
      Toggle.spellings
    case .tap, .press, .select: ElementWord.spellings.filter { $0 == "item" }
    case .deselect: ["item", "all"]
    case .lift: ["at"]
    case .shouldHighlight, .shouldSelect, .shouldDeselect, .shouldShowMenu, .canMove: ["when"]
    case .menu: ["item"]
    case .canPerform: EditActionWord.spellings
    case .alwaysBounce: ["vertical", "horizontal"] + Toggle.spellings
    case .deceleration: ["normal", "fast"]
    case .show: ShowKeyword.spellings + ElementWord.spellings
    case .draw: ["content"]
    case .svg: SVGKeyword.spellings
    case .trace: Toggle.spellings
    case .if: ["else"]
    case .for: ["in"]
    case .place: ElementWord.spellings + ["at"]
    case .reload, .insert, .delete: UpdateTargetKeyword.spellings
    case .move: MoveTargetKeyword.spellings
    case .batch: ["over"]
    case .switchLayout: ["over"]
    case .data: DataEntryKeyword.spellings
    case .apply: ["snapshot", "over"]
    case .reconfigure: ["items"]
    case .register: ["cell"]
    case .cells: ["for", "items", "in", "section"]
    default: []
    }
  }
}

/// Where a statement stands (grammar.md, "Statements" and "Custom layouts").
public enum StatementPosition: Sendable {
  /// The script, and the blocks of its statements (`repeat`, `layer`, `on scroll`, …).
  case script
  /// A custom layout's block: `let`, `prepare`, `invalidate`, `elements in rect`.
  case customLayout
  /// Layout code: `prepare { … }` and `elements in rect { … }`, and the blocks in them.
  case code
  /// A custom group's item provider (`group custom SIZE { … }`): layout code whose `place
  /// item at RECT` is the next custom item (COMP-7).
  case itemProvider
}
