/// Data updates: what an update names, where `batch` and `data` may stand.
extension Checker {
  /// An update alone, or inside a batch (`inBatch`): index paths of two whole numbers
  /// ≥ 0 (the ranges against the counts are UIKit's to check, at run time), sections whole
  /// numbers ≥ 0. After it the counts are no longer
  /// known from the declarations.
  mutating func check(_ step: UpdateStep, inBatch: Bool) {
    switch step.kind {
    case .insertItems(let paths), .deleteItems(let paths), .reloadItems(let paths):
      for p in paths { checkUpdatePath(p) }
    case .moveItem(let from, let to):
      checkUpdatePath(from)
      checkUpdatePath(to)
    case .insertSections(let sections, let items):
      for s in sections { _ = expectCount(s, "a section", max: limits.sections) }
      if let items { _ = expectCount(items, "the number of items", max: limits.totalItems) }
    case .deleteSections(let sections), .reloadSections(let sections):
      for s in sections { _ = expectCount(s, "a section", max: limits.sections) }
    case .moveSection(let from, let to):
      // A section moved onto itself is a move UIKit accepts (a no-op with its update item;
      // openradar 48941906), so it is not refused here.
      _ = expectCount(from, "a section", max: limits.sections)
      _ = expectCount(to, "a section", max: limits.sections)
    }
    if let frames = step.frames {
      if inBatch {
        report(.framesInsideBatch, at: frames.range)
      } else {
        checkFrames(frames)
      }
    }
    counts = nil
    order.forgetSections()
  }

  /// `batch [over N frames] { … }`: updates and at most one `data` block, nothing else.
  mutating func check(_ batch: BatchStep, _ range: SourceRange) {
    if let frames = batch.frames { checkFrames(frames) }
    var sawData = false
    for inner in batch.body {
      switch inner.kind {
      case .update(let step): check(step, inBatch: true)
      case .data(let entries):
        if sawData { report(.dataTwice, at: inner.range) }
        sawData = true
        for entry in entries {
          if let s = entry.section { _ = expectCount(s, "a section", max: limits.sections) }
          _ = expectCount(
            entry.count, entry.section == nil ? "the number of sections" : "the number of items",
            max: entry.section == nil ? limits.sections : limits.totalItems)
        }
      case .batch: report(.batchInsideBatch, at: inner.range)
      default: report(.batchContents, at: inner.range)
      }
    }
    counts = nil
    order.forgetSections()
  }

  private mutating func checkUpdatePath(_ e: Expr) {
    guard case .indexPath(let section, let item)? = expect(e, .indexPath, "an update") else {
      return
    }
    guard let item else {
      report(.updateNeedsItem, at: e.range)
      return
    }
    if section < 0 || item < 0 {
      report(.cannotBeNegative("an index path's part", " (\(min(section, item)))"), at: e.range)
    }
  }

  mutating func checkFrames(_ frames: Expr) {
    if let n = expectCount(frames, "the number of frames", max: limits.frames), n == 0 {
      report(.animationNeedsFrames, at: frames.range)
    }
  }

  /// `apply snapshot { … }`: identifiers are strings, item lists are lists; what UIKit
  /// refuses (a duplicate identifier, an unknown item to reconfigure) is its exception, at
  /// run time.
  mutating func check(_ step: SnapshotStep) {
    if let frames = step.frames { checkFrames(frames) }
    for entry in step.entries {
      switch entry.kind {
      case .section(let name, let items):
        _ = expect(name, .string, "a section's identifier")
        _ = expect(items, .list, "a snapshot's section")
      case .reconfigure(let items): _ = expect(items, .list, "'reconfigure items'")
      case .reload(let items): _ = expect(items, .list, "'reload items' in a snapshot")
      }
    }
    counts = nil
    order.forgetSections()
  }

  /// A gesture's motion: a number on one axis or a point; `over N frames` at least one.
  mutating func check(_ step: GestureStep) {
    func motion(_ axis: Axis?, _ e: Expr, _ what: String) {
      if axis != nil { _ = expect(e, .number, what) } else { _ = expect(e, .point, what) }
    }
    switch step.kind {
    case .drag(let axis, let e): motion(axis, e, "'drag by'")
    case .release(let axis, let e?): motion(axis, e, "a release's velocity")
    case .release: break
    case .fling(let axis, let e): motion(axis, e, "'fling'")
    case .flingSection(let s, _, let e):
      _ = expectWholeNumber(s, "the section")
      _ = expect(e, .number, "'fling section'")
    case .dragSection(let s, _, let e):
      _ = expectWholeNumber(s, "the section")
      _ = expect(e, .number, "'drag section'")
    case .releaseSection(let s, _, let e):
      _ = expectWholeNumber(s, "the section")
      if let e { _ = expect(e, .number, "a release's velocity") }
    }
    if let frames = step.frames,
      let n = expectCount(frames, "the number of frames", max: limits.frames), n == 0
    {
      report(.dragNeedsFrames, at: frames.range)
    }
  }

  /// SV-6: a rate strictly between 0 and 1; a frame rate of 1 to 1,000 frames a second.
  mutating func check(_ setting: ScrollSetting) {
    switch setting {
    case .deceleration(_, let rate?):
      if case .number(let r)? = expect(rate, .number, "the deceleration rate"), !(r > 0 && r < 1) {
        report(.decelerationRange(r), at: rate.range)
      }
    case .frameRate(let e):
      if case .number(let n)? = expect(e, .number, "the frame rate"), !(n >= 1 && n <= 1000) {
        report(.frameRateRange(n), at: e.range)
      }
    default: break
    }
  }
}
