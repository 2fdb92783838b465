import LayoutEngine

/// What a step produced, for the caller to show. Values only: the interpreter never prints.
public enum Output: Sendable {
  /// `show visible | all | item …`: the elements, sorted by section, category, item.
  case show(ShowOutput)
  /// `draw` / `draw content`: the elements to draw (those meeting the viewport, or the
  /// content's), and the ones the last step's invalidation re-asked.
  case draw(ShowOutput, content: Bool, invalidated: Set<ElementKey>)
  /// `svg`: the file to write and the states to draw in it (several for a strip).
  case svg(line: Int, path: String, [SVGState])
  /// `svg plot`: the file to write and the offset and velocity to chart in it.
  case plot(line: Int, path: String, PlotOutput)
  /// `show content size`.
  case contentSize(line: Int, Size)
  /// The layout callbacks and display events of one step (while `trace` is on), with the
  /// step's source text.
  case trace(line: Int, statement: String, [TraceEntry])
  case print(line: Int, Value)
  /// `expect`: on failure, the diagnostic saying what was found.
  case expect(line: Int, passed: Bool, failure: Diagnostic?)
  /// `hit (x, y)`: `indexPathForItem(at:)`.
  case hit(line: Int, point: Point, result: IndexPath?)
  /// `why item …`: how the layout placed it.
  case why(WhyOutput)
  /// A warning (e.g. FLOW-20's console message) or the runtime error that stopped the run.
  case diagnostic(Diagnostic)
}

public struct ShowOutput: Sendable {
  public var line: Int
  /// `visible`, `all`, or the element as written (`item [0, 3]`).
  public var target: String
  /// Whether the target names one element (`show item [0, 3]`) rather than a list.
  public var namesElement = false
  public var bounds: Rect
  public var contentSize: Size
  public var elements: [LayoutAttributes]
  /// For each element, the layer showing it (scripts with several layers), else empty.
  public var layers: [String] = []
  /// For each element, where it would be without pinning or sticking; nil when it is
  /// where it would be anyway.
  public var natural: [Rect?]
  /// Elements left out past `Limits.rows`.
  public var omitted: Int
  /// For each element, its track in the batch update the output shows (see
  /// `Interpreter.updateShown`), else empty: pictures mark inserted, moved, deleted and
  /// reloaded elements, and JSON names the change.
  public var changes: [UpdateTrack?] = []
  /// How far that update's animation has run (0…1) while it is in flight; nil when the
  /// changes are those of a finished update.
  public var updateProgress: Double?
  /// The front collection view's adjusted content inset (the safe area and the content
  /// inset, SV-1): the bands of the viewport content scrolls under.
  public var adjustedContentInset: EdgeInsets = .zero
  /// For each element, whether it is a selected cell (SEL), else empty when none is.
  public var selected: [Bool] = []
  /// For each element, its diffable item identifier, else empty when the data has none.
  public var identifiers: [String?] = []
}

/// One line of a trace.
public enum TraceEntry: Sendable {
  case event(LayoutEvent)
  /// The events that follow come from this layer (scripts with several layers).
  case layer(String)
  /// How many attributes each layer's layout recomputed in the step.
  case recomputed([RecomputedCount])
  /// Frame `index` of `count` of a multi-frame scroll starts, at `offset`.
  case frame(index: Int, count: Int, offset: Point)
  /// `apply snapshot`: the batch the difference of the snapshots computed, one update
  /// per entry with the identifiers it moves (`delete "pear" [0, 1]`).
  case difference([String])
  /// A script hook (`on scroll`, `on will end dragging`) starts running: what UIKit called
  /// just before is the delegate method it answers.
  case hook(name: String, line: Int)
}

/// How a run ended.
public struct RunSummary: Sendable, Equatable {
  public var steps = 0
  /// Units of work beyond the steps (`Limits.work`): elements gathered, layers laid out.
  public var work = 0
  /// Numbers of the arrays made (`Limits.arrayElements`), with those a REPL session's
  /// `let`s held when the entry began.
  public var arrayElements = 0
  /// Bytes of the strings made (`Limits.stringBytes`), counted as `arrayElements` is.
  public var stringBytes = 0
  public var expectationsPassed = 0
  public var expectationsFailed = 0
  /// A runtime error stopped the run.
  public var failed = false
  /// Ctrl-C (or the caller's cancellation) stopped the run.
  public var cancelled = false

  public init() {}
}

/// One state of an `svg` picture.
public struct SVGState: Sendable {
  /// The elements, as `draw content` gathers them.
  public var show: ShowOutput
  public var invalidated: Set<ElementKey>
  /// The part of the content to draw (four viewports either side of the visible area).
  public var window: Rect
  /// `frame 2/5`, or the step's text, in a strip.
  public var caption: String
  /// `svg viewport`: the window is the viewport and its margin, and the picture is it.
  public var viewportOnly = false
}

/// `why item …`: the item, its frame, and the steps that placed it, each with the rule it
/// follows and the numbers it used.
public struct WhyOutput: Sendable {
  public var line: Int
  /// The element as written in output (`item [0, 5]`).
  public var element: String
  public var frame: Rect
  public var steps: [WhyStep]
  /// What `frame` is: the element's frame, or for `why offset` the visible rect.
  public var frameLabel = "frame"
}

public struct WhyStep: Sendable, Hashable {
  /// The rule ids (`COMP-3`, `COMP-15d`).
  public var rule: String
  public var text: String
}
