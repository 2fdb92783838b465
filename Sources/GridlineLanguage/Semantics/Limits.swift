import LayoutEngine

/// Bounds that keep every script finite and small enough for the machine: exceeding one
/// is a diagnostic, never an out-of-memory or a hang.
public struct Limits: Sendable {
  /// Height of one expression's tree: a chain `1 + 1 + … + 1` is as deep as it has
  /// operators, and every pass over the tree (checker, evaluator, formatter, dump,
  /// highlighter, compiler) recurses through it. A debug build's evaluator takes ~22 KB of
  /// stack per level, so 8 MB (the main thread, where `gl` and the REPL run) would hold
  /// ~370: 128 leaves room for 64 levels of blocks around the expression. The parser checks
  /// it (it has no `Limits` value), with the nesting limit (`Parser.maximumDepth`).
  public static let expressionHeight = 128

  /// Items stored across all sections, counted once in every layer (each layer's
  /// collection view lays out every item, ~34 bytes each): 20 million keep the layouts of a
  /// script under ~700 MB, which leaves room in ~2 GiB for `show all` (`listedElements`).
  /// A section a layer owns is still counted in every layer: the bound is conservative.
  public var totalItems = 20_000_000
  public var sections = 1_000_000
  /// Steps of one run: every statement executed, every `repeat` iteration, every frame.
  /// Ten million scroll steps take seconds, not hours.
  public var steps = 10_000_000
  /// Work of one run (of one REPL entry), beyond its steps: every element a `show`,
  /// `draw`, `svg` or `elements(in:)` gathers counts one (the rows listed are among them);
  /// a frame counts one per layer it lays out. A unit
  /// costs ~100–300 ns in a release build, so 100 million bound a run to well under a
  /// minute, not weeks (a step can be a `show all` of a million elements; ten million of
  /// them would be 10¹³ units).
  public var work = 100_000_000
  /// Elements one `show all` may gather: it materialises each one (~300 bytes, ~600 in a
  /// debug build) before listing `rows` of them, so a million stay under ~600 MB.
  public var listedElements = 1_000_000
  /// Bytes (UTF-8) of one string value: `let s = s + s` doubles, and 40 doublings would
  /// be a terabyte. A megabyte is far beyond any caption or identifier. Bytes, not
  /// characters: a native string knows its UTF-8 length without walking it, so the check
  /// costs every join nothing.
  public var stringLength = 1_000_000
  /// Numbers in one array (`repeating(v, count: n)`, `[a, b, c]`): 8 MB.
  public var arrayLength = 1_000_000
  /// Numbers of all the arrays one run (one REPL entry, with what the session's `let`s
  /// still hold) makes, and of all one run of layout code (a `prepare`, an `elements in
  /// rect`) makes: 80 MB at most, however many `let`s or loop passes make them. Counted as
  /// each array is made, so the check costs an addition per array, not per number.
  public var arrayElements = 10_000_000
  /// Bytes (UTF-8) of all the strings one run (one REPL entry, with what the session's
  /// `let`s still hold) makes, counted once per string as it is made: 64 MB at most, however
  /// many `let`s or loop passes join them.
  public var stringBytes = 64_000_000
  /// States of one `svg strip` (or `gl render --frames`): each is a picture of up to
  /// `rows` elements, so a strip stays a file a browser opens.
  public var stripStates = 100
  /// Elements one layout pass of a layer takes from its layout (the bounds and one
  /// viewport ahead): it caches and displays them (~800 bytes each, with their views and
  /// events), so a million stay under ~800 MB beside 20 million stored items; millions of
  /// tiny items all on screen stop here instead of exhausting memory. Shared by the layers.
  public var elementsPerPass = 1_000_000
  /// Items one compositional group places (a group repeats its items while they fit: tiny
  /// fractions would make millions per group, each stamped into every group of the
  /// section). The engine stops the group there and the step that laid it out fails.
  public var itemsPerGroup = 100_000
  /// Frames of one `scroll … over N frames`.
  public var frames = 100_000
  /// Rows one `show` lists before it summarises the rest.
  public var rows = 10_000
  /// Any point value handed to the engine (a viewport side, an offset, an inset…).
  public var coordinate = 1e9

  public init() {}

  /// Array elements one step (or one unit of work) of scanning stands for: `min(a)`,
  /// `max(a)` and `index(of:in:)` read every element, a few nanoseconds each, so a
  /// million-element scan is 15,625 steps, not one — ten million steps of such scans
  /// would otherwise take hours. (A step of a statement costs ~100 ns; 64 reads about as
  /// much.)
  public static let elementsPerScanStep = 64

  /// Units of work of one element `show`, `svg` or `draw` gathers: each is materialised,
  /// sorted and (up to `rows`) formatted, ~550 ns in a release build (a million-element
  /// `show all`: 0.55 s), where a unit is ~50–100 ns (a scan of 64 numbers, a step of
  /// layout code). Calibrated so that the whole work limit runs in 10 s at most.
  public static let unitsPerGatheredElement = 6

  /// Units of work of a step of layout code the interpreter runs (`elements in rect`, a
  /// custom group's items, a `prepare` the compiler leaves to it): ~1 µs each, where the
  /// compiled machine's step (one unit) is ~20 ns and a unit ~40–100 ns. An `elements in
  /// rect` answering a million elements at every frame of a scroll took 64 s to reach the
  /// work limit at one unit a step, 12.8 s at ten, 11.1 s at twenty (each query also
  /// caches its million answers), 7.6 s at twenty-five.
  public static let unitsPerInterpretedStep = 25

  /// The rows of the tallest `draw` picture (the renderer's limit too): a picture costs a
  /// unit per cell, ~60 ns each (80 × 60 cells: 0.29 ms).
  public static let drawingRows = 200
  /// The most points `svg viewport … margin N` and `gl render --margin N` draw around the
  /// viewport: a picture's canvas grows with it.
  public static let viewportMargin = 100_000.0

  /// The steps a scan of `elements` costs.
  public static func scanSteps(_ elements: Int) -> Int { elements / elementsPerScanStep }

  /// Small limits for generated input (the robustness test): still every feature, but
  /// each run finishes in milliseconds.
  public static let small: Limits = {
    var limits = Limits()
    limits.totalItems = 20_000
    limits.sections = 500
    limits.steps = 2_000
    limits.frames = 50
    limits.rows = 50
    limits.work = 100_000
    limits.listedElements = 5_000
    limits.elementsPerPass = 5_000
    limits.itemsPerGroup = 1_000
    limits.stringLength = 1_000
    limits.arrayLength = 1_000
    limits.arrayElements = 10_000
    limits.stringBytes = 10_000
    return limits
  }()
}

/// Range rules shared by the checker (for constant values) and the interpreter (for all).
enum Validate {
  static func finite(_ v: Double, _ what: String, _ range: SourceRange, _ limits: Limits)
    throws(Diagnostic)
  {
    guard v.isFinite, abs(v) <= limits.coordinate else {
      throw .error(
        .notFinite(what, limit: limits.coordinate, v),
        at: range)
    }
  }

  /// A frame layout code places (`place … at`, a custom group's `place item at`): finite,
  /// its size not negative. `what` names it ("a placed frame"), `size` its size.
  static func placedFrame(
    _ f: Rect, _ what: String, size: String, _ range: SourceRange, _ limits: Limits
  ) throws(Diagnostic) {
    for v in [f.origin.x, f.origin.y, f.size.width, f.size.height] {
      try finite(v, what, range, limits)
    }
    guard f.size.width >= 0 && f.size.height >= 0 else {
      throw .error(.negativePlacedSize(size, "\(Value.rect(f))"), at: range)
    }
  }

  /// Viewport and similar: both sides positive.
  static func positiveSize(_ s: Size, _ what: String, _ range: SourceRange, _ limits: Limits)
    throws(Diagnostic)
  {
    try finite(s.width, what, range, limits)
    try finite(s.height, what, range, limits)
    guard s.width > 0, s.height > 0 else {
      throw .error(.mustBePositive(what, "\(Value.size(s))"), at: range)
    }
  }

  /// FLOW-19: the flow layout rejects zero or negative item sizes.
  static func itemSize(_ s: Size, _ range: SourceRange, _ limits: Limits) throws(Diagnostic) {
    try finite(s.width, "an item size", range, limits)
    try finite(s.height, "an item size", range, limits)
    guard s.width > 0, s.height > 0 else {
      throw .error(
        .nonPositiveItemSize("\(Value.size(s))"),
        at: range)
    }
  }

  /// Header and footer reference sizes: zero means none (FLOW-14); negative is a mistake.
  static func referenceSize(_ s: Size, _ what: String, _ range: SourceRange, _ limits: Limits)
    throws(Diagnostic)
  {
    try finite(s.width, what, range, limits)
    try finite(s.height, what, range, limits)
    guard s.width >= 0, s.height >= 0 else {
      let element = what.contains("footer") ? "footer" : "header"
      throw .error(
        .cannotBeNegative(what, ": \(Value.size(s))"), at: range,
        help: "a zero size along the scroll axis means no \(element) (FLOW-14)")
    }
  }

  static func insets(_ i: EdgeInsets, _ what: String, _ range: SourceRange, _ limits: Limits)
    throws(Diagnostic)
  {
    for v in [i.top, i.left, i.bottom, i.right] { try finite(v, what, range, limits) }
  }

  /// `made` numbers in the arrays a run (or a run of layout code) has made so far, the
  /// array about to be made among them (`Limits.arrayElements`).
  static func arrayElements(_ made: Int, _ range: SourceRange, _ limits: Limits)
    throws(Diagnostic)
  {
    guard made > limits.arrayElements else { return }
    throw .error(
      .tooManyArrayElements(limit: limits.arrayElements), at: range,
      help: "make fewer or smaller arrays")
  }

  /// `owns sections 0` or `owns sections 0...2`: whole sections, low to high.
  static func sections(_ value: Value, _ range: SourceRange, _ limits: Limits)
    throws(Diagnostic) -> ClosedRange<Int>
  {
    let max = limits.sections
    switch value {
    case .number(let n):
      let s = try count(n, "a section", range, max: max)
      return s...s
    case .range(let a, let b):
      let low = try count(a, "a section", range, max: max)
      let high = try count(b, "a section", range, max: max)
      guard low <= high else {
        throw .error(.ownedSections("the empty range \(value)"), at: range)
      }
      return low...high
    default:
      throw .error(.ownedSections(value.type.rawValue), at: range)
    }
  }

  static func count(_ v: Double, _ what: String, _ range: SourceRange, max: Int) throws(Diagnostic)
    -> Int
  {
    let n = try wholeNumber(v, what, range)
    guard n >= 0 else { throw .error(.cannotBeNegative(what, " (\(n))"), at: range) }
    guard n <= max else {
      throw .error(.overLimit(what, n, limit: max), at: range)
    }
    return n
  }
}
