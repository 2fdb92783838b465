/// The syntax tree: plain values, each with the source range it came from.

/// A whole script (or one REPL entry).
public struct Program: Hashable, Sendable {
  public var statements: [Statement]
  /// Names of `let`s whose statement did not parse: the checker accepts them silently, so
  /// one broken line does not become an "unknown name" at every use.
  public var brokenNames: Set<String> = []
  /// A `use` could not be resolved: the names its file would have declared are unknown,
  /// so the checker does not call any name unknown (one error at the `use`, no cascade).
  public var namesIncomplete = false

  public init(statements: [Statement], brokenNames: Set<String> = []) {
    self.statements = statements
    self.brokenNames = brokenNames
  }
}

/// A name as written, with its range.
public struct Identifier: Hashable, Sendable {
  public var name: String
  public var range: SourceRange
}

public struct Statement: Hashable, Sendable {
  public var kind: Kind
  public var range: SourceRange

  public indirect enum Kind: Hashable, Sendable {
    // Declarations
    case viewport(Expr)
    case contentInset(Expr)
    case safeArea(Expr)
    case layoutMargins(Expr)
    case insetAdjustment(InsetAdjustment)
    case scale(Expr)
    case letBinding(Identifier, Expr)
    /// `use "common.gl"`: the declarations of another file, spliced in by `Includes`
    /// before checking; one left in a program is out of place (a block, no file reader).
    case use(path: String, range: SourceRange)
    case layout(LayoutDecl)
    /// `sticky headers [z N]` / `sticky headers off`: the hand-written recipe.
    case stickyHeaders(on: Bool, zIndex: Expr?)
    /// `decoration "KIND" for each section { frame = …; z … }`
    case decoration(DecorationDecl)
    /// `transform SELECTOR { rotate 45; scale 0.8; alpha 0.5; z 3; hidden }`
    case transform(TransformDecl)
    /// `layer NAME { layout … }`: a collection view stacked in front of the earlier ones,
    /// sharing the sections and the offset.
    case layer(Identifier, [Statement])
    /// `invalidate on bounds change [when EXPR] [{ … }]` / `invalidate on size change …`
    case trigger(TriggerDecl)
    /// `on invalidate when flag NAME { recompute decoration "KIND" … }`
    case flagHandler(flag: Identifier, decorationKinds: [String])
    /// `text metrics { character width 8.5; line height 22; padding 12 }`
    case textMetrics([TextMetric])
    case section(SectionDecl)
    case sections(count: Expr, items: Expr)
    /// `register cell "Photo"`: `register(_:forCellWithReuseIdentifier:)` (DISP-3).
    case registerCell(Expr)
    /// `cells "Photo" for items 0...9 [in section S]`: the identifier the data source
    /// dequeues those items' cells with (DISP-3).
    case cellIdentifiers(CellsDecl)
    /// `snap { … }`, `on will end dragging { … }`, `on scroll [when …] { … }`: code the
    /// layout or the scroll view's delegate runs when UIKit calls it.
    case hook(HookDecl)
    // Steps
    case scroll(ScrollStep)
    case resize(Expr)
    /// `switch layout NAME [over N frames]`: `setCollectionViewLayout(_:animated:)`.
    case switchLayout(Identifier, frames: Expr?)
    case reload
    /// `drag by …`, `release …`, `fling …`: a finger on the scroll view.
    case gesture(GestureStep)
    /// `paging on`, `bounces off`, `always bounce vertical`, `deceleration fast`,
    /// `frame rate 120`: the scroll view's settings.
    case scrollSetting(ScrollSetting)
    /// `tap status bar [over N frames]`: scrollsToTop.
    case tapStatusBar(frames: Expr?)
    /// `should scroll to top when CONDITION`: the delegate's scrollViewShouldScrollToTop.
    case shouldScrollToTop(Expr)
    /// `insert items …`, `delete sections …`, `move item P to Q`, `reload items …`: one
    /// update call, a batch of one (BATCH-1) — or, inside `batch { … }`, one of its calls.
    case update(UpdateStep)
    /// `batch [over N frames] { updates; data { … } }`: `performBatchUpdates`.
    case batch(BatchStep)
    /// `data { section 0 items 9; sections 2 }`, inside a batch: the data source's counts.
    case data([DataEntry])
    /// `apply snapshot [over N frames] { section "Fruits" items ["fig", "apple"] … }` and
    /// `reconfigure items ["apple"]`: a diffable data source's `apply(_:)`.
    case applySnapshot(SnapshotStep)
    case invalidate
    /// `invalidate items [0, 3], [0, 4]`: an explicit context naming elements.
    case invalidateTargets([TriggerAction])
    case show(ShowTarget)
    /// `draw` (the viewport) or `draw content` (the whole content).
    case draw(content: Bool)
    /// `svg "out.svg"`, or `svg strip "out.svg" { … }` (a state after every step and frame
    /// of the block, side by side).
    case svg(path: Expr, strip: [Statement]?)
    /// `svg plot "fling.svg" { … }`: the content offset and its velocity against time, a
    /// sample per frame of the block.
    case svgPlot(path: Expr, body: [Statement])
    /// `svg viewport "screen.svg" [margin N]`: the state as the screen shows it, and N
    /// points around the viewport.
    case svgViewport(path: Expr, margin: Expr?)
    case hit(Expr)
    /// `why item [0, 5]`: how the layout placed the item.
    case why(Expr)
    /// `tap …`, `press …`, `lift`: a finger on an item (highlight and selection).
    case touch(TouchStep)
    /// `select item IP`, `deselect item IP | all`.
    case selection(SelectionStep)
    /// `allows selection on`, `allows multiple selection on`, `touches off`.
    case touchSetting(TouchSetting)
    /// `owns sections 0...0`, inside a layer: the sections whose items only this layer's
    /// collection view has.
    case ownsSections(Expr)
    /// `should select when CONDITION` (and `highlight`, `deselect`, `should show menu`,
    /// `can perform copy`): a delegate answer.
    case selectionRule(SelectionRule)
    /// `menu item [0, 3] copy`: the editing menu of a held item.
    case menu(MenuStep)
    /// `move begin ITEM`, `move to POINT [over N frames]`, `move end`, `move cancel`.
    case interactiveMove(MoveGesture)
    /// `layout custom NAME { let …; prepare { … }; invalidate on bounds change … }`: a
    /// layout the script writes itself (a `CollectionViewLayout` subclass).
    case customLayout(name: Identifier, body: [Statement])
    /// `prepare { … }`, inside a custom layout: its `prepare()`.
    case prepare([Statement])
    /// Layout code, inside `prepare { … }`: `var NAME = EXPR`.
    case varBinding(Identifier, Expr)
    /// `NAME = EXPR` or `NAME[INDEX] = EXPR`.
    case assign(Identifier, index: Expr?, Expr)
    /// `if C { … } [else { … }]` (`else if` is an `if` alone in the else block).
    case ifElse(Expr, then: [Statement], else: [Statement]?)
    /// `for NAME in LOW..<HIGH { … }` (or `LOW...HIGH`, both ends included).
    case forLoop(Identifier, low: Expr, high: Expr, inclusive: Bool, body: [Statement])
    /// `while CONDITION { … }`.
    case whileLoop(Expr, body: [Statement])
    /// `answer ELEMENT`, in `elements in rect`: the next element of the query's answer.
    case answer(Expr)
    /// `elements in rect { … }`, inside a custom layout: its
    /// `layoutAttributesForElements(in:)`.
    case elementsQuery([Statement])
    /// `place ELEMENT at RECT [{ alpha …; z …; … }]`: attributes `prepare` computed.
    case place(PlaceStep)
    /// `place item at RECT [{ z N }]`, in a custom group's code: the next
    /// `NSCollectionLayoutGroupCustomItem` (COMP-7), its frame relative to the group.
    case placeInGroup(frame: Expr, attributes: [TransformOperation])
    /// `content size = W x H`: what `collectionViewContentSize` answers.
    case contentSize(Expr)
    /// `expect EXPR [hint "TEXT"]`: with a hint (an exercise's), a failure says "not yet"
    /// and the hint, never the values that would give the answer away.
    case expect(Expr, hint: Expr?)
    case print(Expr)
    case repeatBlock(count: Expr, body: [Statement])
    case trace(Bool)
  }

  /// True for statements that describe the collection view rather than act on it.
  public var isDeclaration: Bool {
    switch kind {
    case .viewport, .contentInset, .safeArea, .layoutMargins, .insetAdjustment, .scale,
      .letBinding, .use, .layout, .section, .sections, .stickyHeaders, .decoration, .transform,
      .layer,
      .trigger, .flagHandler, .textMetrics, .hook, .selectionRule, .registerCell,
      .cellIdentifiers, .ownsSections:
      return true
    default:
      return false
    }
  }
}

/// `place item [0, i] at rect(…) { alpha 0.5 }`: an element of a custom layout, its frame
/// and the attributes beyond the frame (a transform's operations).
public struct PlaceStep: Hashable, Sendable {
  public var element: ElementSelector
  public var path: Expr
  public var frame: Expr
  public var attributes: [TransformOperation]
}

/// Script code UIKit calls back while a finger scrolls.
public enum HookDecl: Hashable, Sendable {
  /// `snap { target = … }`: the layout's
  /// `targetContentOffset(forProposedContentOffset:withScrollingVelocity:)` (LAY-13).
  case snap(target: Expr)
  /// `on will end dragging { target = … }`: the delegate's
  /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` (SV-8).
  case willEndDragging(target: Expr)
  /// `on scroll [when C] { … }`: the delegate's `scrollViewDidScroll`.
  case scroll(condition: Expr?, body: [Statement])
  /// `on layout change { target = … }`: the delegate's
  /// `collectionView(_:targetContentOffsetForProposedContentOffset:)` (LAY-13).
  case layoutChange(target: Expr)

  /// As the script names it, for diagnostics and traces.
  public var name: String {
    switch self {
    case .snap: "snap"
    case .willEndDragging: "on will end dragging"
    case .scroll: "on scroll"
    case .layoutChange: "on layout change"
    }
  }
}

/// `layout flow [NAME] { … }`.
public struct LayoutDecl: Hashable, Sendable {
  public var kind: LayoutKind
  public var kindRange: SourceRange
  /// A named layout is kept for `switch layout NAME`.
  public var name: Identifier?
  public var properties: [LayoutProperty]
  /// `layout compositional`: its sections, spacing and boundary items, in order.
  public var compositional: [CompositionalEntry] = []
}

/// One property of a layout block: which, and its value in the property's `ValueShape`.
public struct LayoutProperty: Hashable, Sendable {
  public var keyword: LayoutPropertyKeyword
  public var value: PropertyValue
  public var range: SourceRange

  /// The property as a script writes it, for diagnostics.
  public var name: String { keyword.spelling }
}

/// A property's value as its shape reads it.
public enum PropertyValue: Hashable, Sendable {
  case expression(Expr)
  /// The spelling of one of a choice's phrases, or an `expressionOr`'s word.
  case word(String)
  case toggle(Bool)
  case flag
  case rows(RowAlignment?, last: RowAlignment?)
}

/// `decoration "KIND" for each section | for section N | at [S, I] { frame = EXPR; z N }`.
public struct DecorationDecl: Hashable, Sendable {
  public var kind: String
  public var frame: Expr
  public var zIndex: Expr?
  public var target: DecorationTarget = .eachSection
}

/// Where a decoration view is: one per section, in one section, or at one index path.
public enum DecorationTarget: Hashable, Sendable {
  case eachSection
  case section(Expr)
  case indexPath(Expr)
}

/// `transform SELECTOR { … }`.
public struct TransformDecl: Hashable, Sendable {
  public var selector: TransformSelector
  public var operations: [TransformOperation]
  /// `transform` (every answer), or `appearing` / `disappearing` (an update's initial or
  /// final attributes, LAY-14).
  public var moment: TransformMoment = .always
}

/// When a transform applies.
public enum TransformMoment: Hashable, Sendable {
  case always
  /// `appearing SELECTOR { … }`: `initialLayoutAttributesForAppearing…` of inserted elements.
  case appearing
  /// `disappearing SELECTOR { … }`: `finalLayoutAttributesForDisappearing…` of deleted ones.
  case disappearing
}

public enum TransformSelector: Hashable, Sendable {
  /// `items` — every cell; `items in section S` — the cells of one section.
  case items(section: Expr?)
  /// `item [s, i]`
  case item(Expr)
  /// `headers` / `footers` — every header or footer; `header [s]` / `footer [s]` — one.
  case headers(section: Expr?)
  case footers(section: Expr?)
  /// `supplementary "KIND"` / `decorations "KIND"`
  case supplementary(String)
  case decorations(String)
  /// `everything`
  case everything
  /// `highlighted items` / `selected items`: the cells in that state now.
  case highlightedItems
  case selectedItems
}

public struct TransformOperation: Hashable, Sendable {
  public var kind: Kind
  public var range: SourceRange

  public enum Kind: Hashable, Sendable {
    /// Degrees about z (in the screen's plane), or about x or y for a 3D turn.
    case rotate(axis: Axis?, Expr)
    /// A number (both axes) or a size (x and y factors).
    case scale(Expr)
    case translate(Expr)
    /// `perspective D`: m34 = −1 / D.
    case perspective(Expr)
    case alpha(Expr)
    case zIndex(Expr)
    case hidden(Expr?)
  }
}

/// `cells "Photo" for items 0...9 [in section 1]`.
public struct CellsDecl: Hashable, Sendable {
  public var identifier: Expr
  /// An item or a range of items.
  public var items: Expr
  /// Section 0 when nil.
  public var section: Expr?
}

/// `section ["name"] items N [{ … }]`.
public struct SectionDecl: Hashable, Sendable {
  public var name: String?
  public var items: Expr
  public var properties: [SectionProperty]
}

public struct SectionProperty: Hashable, Sendable {
  public var kind: Kind
  public var range: SourceRange

  public enum Kind: Hashable, Sendable {
    /// `item 0...2 size 170 x 120` (the size may use `item`, the item's index),
    /// `item 0...2 preferred 375 x 88`, `item 4 text "…"` (the value is a string).
    case items(ItemClause, items: Expr, value: Expr)
    /// A clause the section shares with the layout (`header size`, `insets`, …).
    case metric(FlowMetric, Expr)
  }
}

public struct ScrollStep: Hashable, Sendable {
  public var kind: Kind
  /// `over N frames`.
  public var frames: Expr?

  public enum Kind: Hashable, Sendable {
    /// `scroll to x N` / `scroll to y N`
    case toAxis(Axis, Expr)
    /// `scroll to (x, y)`
    case toPoint(Expr)
    /// `scroll by y N` / `scroll by x N`
    case byAxis(Axis, Expr)
    /// `scroll by (dx, dy)`
    case byPoint(Expr)
    /// `scroll to item [s, i] at top`
    /// `scroll to item P at top, left`: UICollectionView.ScrollPosition's option set.
    case toItem(Expr, [ScrollAlignment])
    /// `scroll to header [s] at top` / `scroll to footer [s]`: `header` true for a header.
    case toSupplementary(header: Bool, Expr, [ScrollAlignment])
    /// `scroll to section S [at …]`: its header, else its first item.
    case toSection(Expr, [ScrollAlignment])
    /// `scroll rect R visible`
    case rectVisible(Expr)
    /// `scroll section N to x V`: an orthogonal section's own scroller (COMP-9).
    case sectionToAxis(Expr, Axis, Expr)
  }
}

public enum Axis: String, Hashable, Sendable {
  case x, y
}

public enum ShowTarget: Hashable, Sendable {
  case visible
  case all
  case contentSize
  case element(Expr)
}

public struct Expr: Hashable, Sendable {
  public let kind: Kind
  public var range: SourceRange
  /// The levels of the tree below and including this node (a leaf is 1), known as the
  /// node is made: the parser refuses a tree taller than `Limits.expressionHeight` before
  /// building it, so no pass that recurses over it (nor its release) exhausts the stack.
  public let height: Int32

  public init(_ kind: Kind, _ range: SourceRange) {
    self.kind = kind
    self.range = range
    height = kind.childHeight + 1
  }

  public indirect enum Kind: Hashable, Sendable {
    case number(Double)
    case string(String)
    case bool(Bool)
    case name(String)
    case unary(UnaryOperator, Expr)
    case binary(BinaryOperator, Expr, Expr)
    case conditional(Expr, Expr, Expr)
    /// `W x H`
    case size(Expr, Expr)
    /// `a...b`
    case range(Expr, Expr)
    /// `(a, b)`: a point.
    case tuple([Expr])
    /// `(top: 1, left: 2)`: insets.
    case labeled([LabeledExpr])
    /// `[section]` or `[section, item]`
    case indexPath([Expr])
    case call(Identifier, [CallArgument])
    /// `trace.count("prepare()")`
    case method(Expr, Identifier, [CallArgument])
    case member(Expr, Identifier)
    /// `heights[c]`: an element of an array (layout code).
    case `subscript`(Expr, Expr)
    /// `item [0, 3]`, `header [1]`, `footer [1]`, `supplementary "Badge" [0, 2]`,
    /// `decoration "background" [1]`
    case element(ElementSelector, Expr)
  }
}

extension Expr.Kind {
  /// The height of the tallest child (0 for a leaf); reads the children's stored heights.
  var childHeight: Int32 {
    switch self {
    case .number, .string, .bool, .name: 0
    case .unary(_, let e), .member(let e, _), .element(_, let e): e.height
    case .binary(_, let a, let b), .size(let a, let b), .range(let a, let b),
      .subscript(let a, let b):
      max(a.height, b.height)
    case .conditional(let a, let b, let c): max(a.height, b.height, c.height)
    case .tuple(let items), .indexPath(let items): items.lazy.map(\.height).max() ?? 0
    case .labeled(let entries): entries.lazy.map(\.value.height).max() ?? 0
    case .call(_, let arguments): arguments.lazy.map(\.value.height).max() ?? 0
    case .method(let base, _, let arguments):
      max(base.height, arguments.lazy.map(\.value.height).max() ?? 0)
    }
  }
}

public struct LabeledExpr: Hashable, Sendable {
  public var label: Identifier
  public var value: Expr
}

public struct CallArgument: Hashable, Sendable {
  public var label: Identifier?
  public var value: Expr
}

public enum ElementSelector: Hashable, Sendable {
  case item
  case header
  case footer
  case supplementary(String)
  case decoration(String)
}

public enum UnaryOperator: String, Hashable, Sendable {
  case negate = "-"
  case not = "not"
}

public enum BinaryOperator: String, Hashable, Sendable {
  case add = "+"
  case subtract = "-"
  case multiply = "*"
  case divide = "/"
  case remainder = "%"
  case equal = "=="
  case notEqual = "!="
  case less = "<"
  case lessEqual = "<="
  case greater = ">"
  case greaterEqual = ">="
  case and = "and"
  case or = "or"

  /// `==`, `!=`, `<`, `<=`, `>`, `>=`.
  public var isComparison: Bool {
    [.equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual].contains(self)
  }
}

extension TransformOperation {
  /// The operation's keyword, whose spelling diagnostics use.
  public var keyword: TransformOperationKeyword {
    switch kind {
    case .rotate: .rotate
    case .scale: .scale
    case .translate: .translate
    case .perspective: .perspective
    case .alpha: .alpha
    case .zIndex: .z
    case .hidden: .hidden
    }
  }

  var name: String { keyword.spelling }
}

/// `invalidate on bounds change [when EXPR] [{ actions }]`.
public struct TriggerDecl: Hashable, Sendable {
  /// `on size change`: only when the bounds size changes.
  public var sizeOnly: Bool
  /// Evaluated with `old` and `new` (the bounds before and after).
  public var condition: Expr?
  public var actions: [TriggerAction]
}

/// What an invalidation context names.
public struct TriggerAction: Hashable, Sendable {
  public var kind: Kind
  public var range: SourceRange

  public enum Kind: Hashable, Sendable {
    /// `items [0, 3], [0, 4]` — `invalidateItems(at:)`
    case items([Expr])
    /// `supplementary "KIND" [s, i], …` (also `headers [s]…`, `footers [s]…`)
    case supplementary(String, [Expr])
    /// `decoration "KIND" [s, i], …` — `invalidateDecorationElements(ofKind:at:)`
    case decoration(String, [Expr])
    /// `flag NAME` — a field of the layout's own context class
    case flag(String)
    /// `everything` — recompute every frame
    case everything
  }
}

/// One entry of `text metrics { … }`.
public struct TextMetric: Hashable, Sendable {
  public var keyword: TextMetricKeyword
  public var value: Expr
  public var range: SourceRange
}

extension Statement {
  /// Whether the statement changes the collection view (rather than only reading it).
  public var acts: Bool {
    switch kind {
    case .expect, .print, .show, .draw, .hit, .why, .letBinding, .trace, .svgViewport: false
    case .svg(_, let strip): strip != nil
    default: true
    }
  }
}
