import LayoutEngine

/// A custom layout's `prepare` code in its compiled form, kept with the types of the
/// outside names it was compiled against: it is compiled at the first `prepare()` and
/// again only when `prepareCode` changes or one of those names changes its type (a `let`
/// the REPL binds again). Their values are read at every run, never folded in.
struct CompiledPrepare {
  /// nil when the code needs the interpreter.
  var program: LayoutProgram?
  var consulted: [String: CodeType?]
}

extension ScriptCustomLayout {
  /// Runs the compiled form of `prepareCode` into `run`, compiling it first when needed;
  /// false when there is none or the run stopped where the interpreter would fail (the
  /// caller then discards what it placed and interprets the code from the start).
  func runCompiled<Sink: CompiledPlacementSink>(_ scope: CodeScope, _ run: inout Sink) -> Bool {
    func outside(_ name: String) -> Value? { try? scope.value(of: name, at: .none) }
    let current =
      compiled.map { kept in
        kept.consulted.allSatisfy { name, type in outside(name).flatMap(CodeType.init(of:)) == type
        }
      } ?? false
    if !current {
      let (program, consulted) = LayoutCodeCompiler.compile(prepareCode) { name in
        outside(name).flatMap(CodeType.init(of:))
      }
      compiled = CompiledPrepare(program: program, consulted: consulted)
      compilations += 1
    }
    guard let program = compiled?.program else { return false }
    var inputs: [Value] = []
    for external in program.externals {
      guard let value = outside(external.name) else { return false }
      inputs.append(value)
    }
    return LayoutCodeMachine<Sink>.run(
      program, inputs: inputs, limits: callbacks.limits, sink: &run,
      steps: &scope.base.runner.codeSteps)
  }
}

/// What a compiled run places, apart from the layout until the run ends well: the counts
/// the collection view loaded before `prepare()` (LAY-4), and the checks of
/// `ScriptCustomLayout.place(_:_:)` on numbers — the element exists (LAY-7), the frame is
/// finite and not negative — with the warnings and decoration kinds it would have logged
/// and registered, for the layout to take over.
struct CompiledPlacement: CompiledPlacementSink {
  let counts: [Int]
  let limits: Limits
  var placed: PlacedElements
  var contentSize: Size?
  var warnings: [String] = []
  var decorationKinds: Set<String> = []

  init(counts: [Int], limits: Limits, placed: PlacedElements) {
    self.counts = counts
    self.limits = limits
    self.placed = placed
  }

  func itemCount(inSection section: Int) -> Int? {
    section >= 0 && section < counts.count ? counts[section] : nil
  }

  /// `Validate.finite`'s test.
  private func fits(_ v: Double) -> Bool { v.isFinite && abs(v) <= limits.coordinate }

  /// The element exists (a cell's section and item, another element's section) and the
  /// frame is finite and not negative.
  func accepts(_ isCell: Bool, _ section: Int, _ item: Int?, _ frame: Rect) -> Bool {
    guard section >= 0 && section < counts.count else { return false }
    if isCell {
      guard let item, item >= 0 && item < counts[section] else { return false }
    }
    let (origin, size) = (frame.origin, frame.size)
    return fits(origin.x) && fits(origin.y) && fits(size.width) && fits(size.height)
      && size.width >= 0 && size.height >= 0
  }

  mutating func placeCell(section: Int, item: Int?, frame: Rect) -> Bool {
    guard accepts(true, section, item, frame) else { return false }
    let path = IndexPath(item: item ?? 0, section: section)
    if placed.keepCell(path, frame) {
      warnings.append(Message.placedTwice(ElementKey.cell(path).scriptDescription))
    }
    return true
  }

  mutating func place(
    _ element: ElementSelector, section: Int, item: Int?, frame: Rect, values: RuleValues?
  ) -> Bool {
    guard accepts(element == .item, section, item, frame) else { return false }
    if case .decoration(let kind) = element { decorationKinds.insert(kind) }
    var attributes = LayoutAttributes(
      placed: element, at: IndexPath(item: item ?? 0, section: section))
    attributes.frame = frame
    values?.apply(to: &attributes)
    if placed.keep(attributes) {
      warnings.append(Message.placedTwice(attributes.key.scriptDescription))
    }
    return true
  }

  mutating func setContentSize(_ size: Size) -> Bool {
    guard fits(size.width) && fits(size.height) && size.width >= 0 && size.height >= 0 else {
      return false
    }
    contentSize = size
    return true
  }
}
