import LayoutEngine

/// `gl export swift`: a script's flow, custom or compositional layout as UIKit Swift for an app, and what CI needs
/// to prove the Swift lays out what the script does — the alias file that maps UIKit's
/// names to the engine's, a harness `main.swift` that lays the exported classes out in the
/// script's scene, and the script's own frames to compare with.
public enum SwiftExport {
  /// The exported file and the notes about what it leaves out.
  public struct Result: Sendable {
    public var source: String
    public var warnings: [ExportProblem]
  }

  /// The Swift of `program`'s layout (checked, without errors) from `file`.
  public static func swift(
    _ program: Program, file: SourceFile, layout: String? = nil, version: String,
    limits: Limits = Limits()
  ) throws(ExportProblem) -> Result {
    switch try ExportSubject.read(program, file: file, layoutName: layout, limits: limits) {
    case .flow(let model):
      return Result(
        source: SwiftFlowWriter(model: model).write(version: version), warnings: model.warnings)
    case .custom(let model):
      return Result(source: SwiftCustomWriter(model: model).write(version: version), warnings: [])
    case .compositional(let model):
      return Result(
        source: SwiftCompositionalWriter(model: model).write(version: version),
        warnings: model.warnings)
    }
  }

  /// The frames of the script's layout in its scene, by the interpreter:
  /// `CollectionViewLayout.frameListing()`, which the harness prints for the export.
  public static func frames(
    _ program: Program, file: SourceFile, layout: String? = nil, limits: Limits = Limits()
  ) throws(ExportProblem) -> String {
    let subject = try ExportSubject.read(program, file: file, layoutName: layout, limits: limits)
    let data = ScriptData()
    data.limits = limits
    let callbacks = ScriptCallbacks(failures: CallbackFailures(), limits: limits)
    let delegate = ScriptFlowDelegate(data, callbacks: callbacks)
    // The collection view holds both weakly, as UIKit's does.
    let dataSource = ScriptDataSource(data)
    switch subject {
    case .custom(let custom):
      data.sections = custom.sections
      let cv = custom.scene.makeCollectionView(custom.layout, dataSource: dataSource, delegate: nil)
      return withExtendedLifetime((dataSource, custom.interpreter)) {
        cv.layoutIfNeeded()
        let lines = custom.layout.frameListing() + queryListing(custom.layout, custom.scene)
        return lines.joined(separator: "\n") + "\n"
      }
    case .compositional(let model):
      data.sections = model.sections
      let cv = model.scene.makeCollectionView(model.layout, dataSource: dataSource, delegate: nil)
      return withExtendedLifetime((dataSource, model.interpreter)) {
        cv.layoutIfNeeded()
        var lines = model.layout.frameListing()
        if model.hasPinnedItems {
          lines += scrolledListing(
            model.layout, cv, vertical: model.layout.configuration.scrollDirection == .vertical)
        }
        return lines.joined(separator: "\n") + "\n"
      }
    case .flow(let model):
      let hasMetrics = model.sections.contains(where: \.hasMetrics)
      data.sections = model.sections
      // Triggers read the script's state, which the script's own collection view holds:
      // its scrolls are listed there.
      let live = model.triggers.isEmpty ? nil : model.interpreter?.layers.live()
      let cv =
        live.flatMap { $0.collectionViewLayout === model.layout ? $0 : nil }
        ?? model.scene.makeCollectionView(
          model.layout, dataSource: dataSource, delegate: hasMetrics ? delegate : nil)
      return withExtendedLifetime((dataSource, delegate)) {
        cv.layoutIfNeeded()
        return flowListing(model, cv).joined(separator: "\n") + "\n"
      }
    }
  }

  /// The flow layout's frames; for the sticky recipe and triggers, again at each of the
  /// `scrollFractions` (with triggers, with what each scroll recomputed).
  private static func flowListing(_ model: ExportModel, _ cv: CollectionView) -> [String] {
    var lines = model.layout.frameListing()
    let triggers = !model.triggers.isEmpty
    guard model.stickyZIndex != nil || triggers || model.layout.additions.followsBounds else {
      return lines
    }
    _ = model.layout.takeRecomputedKeys()
    let vertical = model.layout.scrollDirection == .vertical
    let content = model.layout.collectionViewContentSize
    let end =
      vertical ? content.height - cv.bounds.size.height : content.width - cv.bounds.size.width
    for fraction in scrollFractions {
      let offset = (end * fraction).rounded()
      cv.contentOffset = vertical ? Point(x: 0, y: offset) : Point(x: offset, y: 0)
      cv.layoutIfNeeded()
      lines.append("offset \(offset)")
      if triggers { lines.append(recomputedLine(model.layout.takeRecomputedKeys())) }
      lines += model.layout.frameListing()
    }
    return lines
  }

  /// A layout's frames again at each of the `scrollFractions`, as `scrolling` lists them.
  private static func scrolledListing(
    _ layout: CollectionViewLayout, _ cv: CollectionView, vertical: Bool
  ) -> [String] {
    let content = layout.collectionViewContentSize
    let end =
      vertical ? content.height - cv.bounds.size.height : content.width - cv.bounds.size.width
    var lines: [String] = []
    for fraction in scrollFractions {
      let offset = (end * fraction).rounded()
      cv.contentOffset = vertical ? Point(x: 0, y: offset) : Point(x: offset, y: 0)
      cv.layoutIfNeeded()
      lines.append("offset \(offset)")
      lines += layout.frameListing()
    }
    return lines
  }

  /// A `main.swift` that makes the exported classes, sets the script's scene on a
  /// collection view, lays it out and prints `frameListing()`.
  public static func harness(
    _ program: Program, file: SourceFile, layout: String? = nil, limits: Limits = Limits()
  ) throws(ExportProblem) -> String {
    let subject = try ExportSubject.read(program, file: file, layoutName: layout, limits: limits)
    let names: (file: String, layout: String, dataSource: String)
    var scrolls: String?
    switch subject {
    case .compositional(let model):
      let writer = SwiftCompositionalWriter(model: model)
      names = (model.fileName, writer.layoutName + ".make", writer.dataSourceName)
      if model.hasPinnedItems {
        scrolls = scrolling(
          vertical: model.layout.configuration.scrollDirection == .vertical, recomputed: false)
      }
    case .flow(let model):
      let writer = SwiftFlowWriter(model: model)
      names = (model.fileName, writer.layoutName, writer.dataSourceName)
      if model.stickyZIndex != nil || !model.triggers.isEmpty
        || model.layout.additions.followsBounds
      {
        scrolls = scrolling(
          vertical: model.layout.scrollDirection == .vertical, recomputed: !model.triggers.isEmpty)
      }
    case .custom(let model):
      let writer = SwiftCustomWriter(model: model)
      names = (model.fileName, writer.layoutName, writer.dataSourceName)
      scrolls = querying(model.scene)
    }
    let scene = subject.scene
    let v = scene.viewport
    // A flow layout's data source is also its delegate (the metrics); a custom layout asks
    // the delegate nothing.
    let delegate: String
    if case .flow = subject {
      delegate = "\ncollectionView.delegate = source"
    } else {
      delegate = ""
    }
    return """
      // The check of \(names.file)'s export: its frames on the engine.
      import UIKit

      let layout = \(names.layout)()
      let collectionView = UICollectionView(
        frame: CGRect(x: 0, y: 0, width: \(SwiftLiteral.number(v.width)), height: \(SwiftLiteral.number(v.height))),
        collectionViewLayout: layout)
      collectionView.contentInsetAdjustmentBehavior = .\(scene.insetAdjustment)
      collectionView.contentInset = \(SwiftLiteral.insets(scene.contentInset))
      collectionView.safeAreaInsets = \(SwiftLiteral.insets(scene.safeArea))
      collectionView.layoutMargins = \(SwiftLiteral.insets(scene.layoutMargins))
      collectionView.displayScale = \(SwiftLiteral.number(scene.displayScale))
      let source = \(names.dataSource)()
      source.register(in: collectionView)
      collectionView.dataSource = source\(delegate)
      collectionView.layoutIfNeeded()
      for line in layout.frameListing() { print(line) }
      \(scrolls ?? "")
      """
  }

  /// Where a custom layout is asked for the elements in a rect: bands a quarter of the
  /// viewport tall, at fractions of the content's height. The answers are listed in the
  /// layout's order, which `elements in rect` code decides (MOS-6).
  private static let queryFractions = [0, 0.3, 0.6, 0.9]

  private static func queryListing(_ layout: CollectionViewLayout, _ scene: SceneConfiguration)
    -> [String]
  {
    let content = layout.collectionViewContentSize
    return queryFractions.map { fraction in
      let rect = Rect(
        x: 0, y: (content.height * fraction).rounded(), width: scene.viewport.width,
        height: scene.viewport.height / 4)
      let paths = layout.layoutAttributesForElements(in: rect).map {
        "[\($0.indexPath.section), \($0.indexPath.item)]"
      }
      return "elements in y \(rect.origin.y): " + paths.joined(separator: " ")
    }
  }

  /// The harness's part of `queryListing`.
  private static func querying(_ scene: SceneConfiguration) -> String {
    let (width, height) = (scene.viewport.width, scene.viewport.height / 4)
    return """
      let content = layout.collectionViewContentSize
      for fraction in \(queryFractions) {
        let rect = CGRect(
          x: 0, y: (content.height * fraction).rounded(), width: \(width), height: \(height))
        let paths = layout.layoutAttributesForElements(in: rect).map {
          "[\\($0.indexPath.section), \\($0.indexPath.item)]"
        }
        print("elements in y \\(rect.origin.y): " + paths.joined(separator: " "))
      }

      """
  }

  /// Where a layout that moves elements as it scrolls is listed again: fractions of the
  /// farthest offset, so the headers are seen resting, following and pushed.
  private static let scrollFractions = [0.2, 0.45, 0.7, 1]

  /// The harness's part of the scrolled listings `frames` writes.
  /// With triggers, what each scroll recomputed is listed too (engine API, not UIKit's): the
  /// triggers fire, and name what they name, where the script's do.
  private static func scrolling(vertical: Bool, recomputed: Bool) -> String {
    let (length, point) =
      vertical ? ("height", "CGPoint(x: 0, y: offset)") : ("width", "CGPoint(x: offset, y: 0)")
    let take = "layout.takeRecomputedKeys().sorted().map(\\.description).joined(separator: \", \")"
    return """
      let end = layout.collectionViewContentSize.\(length) - collectionView.bounds.size.\(length)
      \(recomputed ? "_ = layout.takeRecomputedKeys()" : "")
      for fraction in \(scrollFractions) {
        let offset = (end * fraction).rounded()
        collectionView.contentOffset = \(point)
        collectionView.layoutIfNeeded()
        print("offset \\(offset)")
        \(recomputed ? "print(\"recomputed \" + \(take))" : "")
        for line in layout.frameListing() { print(line) }
      }

      """
  }

  /// The recomputed elements of a scroll, as the harness prints them.
  private static func recomputedLine(_ keys: Set<ElementKey>) -> String {
    "recomputed " + keys.sorted().map(\.description).joined(separator: ", ")
  }

  /// The alias file (`UIKitNames`).
  public static var uikitAliases: String { UIKitNames.file }
}
