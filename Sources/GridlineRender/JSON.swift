import LayoutEngine

/// A JSON value with keys kept in the order they were written, so output is stable and
/// diffs cleanly. Rendered compactly, one value per line for JSON Lines.
public enum JSON: Hashable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSON])
  case object([(String, JSON)])

  public static func == (lhs: JSON, rhs: JSON) -> Bool { lhs.rendered == rhs.rendered }
  public func hash(into hasher: inout Hasher) { hasher.combine(rendered) }

  /// Compact text: `{"type":"show","line":12,…}`. Numbers are written `.exact` (integral
  /// ones without a fraction); non-finite numbers, which JSON lacks, become null.
  public var rendered: String {
    var out = ""
    write(into: &out)
    return out
  }

  private func write(into out: inout String) {
    switch self {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .number(let v):
      out += v.isFinite ? formatNumber(v) : "null"
    case .string(let s): Self.writeString(s, into: &out)
    case .array(let items):
      out += "["
      for (i, item) in items.enumerated() {
        if i > 0 { out += "," }
        item.write(into: &out)
      }
      out += "]"
    case .object(let fields):
      out += "{"
      for (i, (key, value)) in fields.enumerated() {
        if i > 0 { out += "," }
        Self.writeString(key, into: &out)
        out += ":"
        value.write(into: &out)
      }
      out += "}"
    }
  }

  private static func writeString(_ s: String, into out: inout String) {
    out += "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    out += "\""
  }
}

/// The JSON shapes of engine values, as the README's schema documents them.
public enum EngineJSON {
  public static func rect(_ r: Rect) -> JSON {
    .object([
      ("x", .number(r.origin.x)), ("y", .number(r.origin.y)), ("width", .number(r.size.width)),
      ("height", .number(r.size.height)),
    ])
  }

  public static func size(_ s: Size) -> JSON {
    .object([("width", .number(s.width)), ("height", .number(s.height))])
  }

  public static func point(_ p: Point) -> JSON {
    .object([("x", .number(p.x)), ("y", .number(p.y))])
  }

  public static func insets(_ i: EdgeInsets) -> JSON {
    .object([
      ("top", .number(i.top)), ("left", .number(i.left)), ("bottom", .number(i.bottom)),
      ("right", .number(i.right)),
    ])
  }

  public static func indexPath(_ p: IndexPath) -> JSON {
    .array([.number(Double(p.section)), .number(Double(p.item))])
  }

  /// `"header"`, `"footer"`, a custom kind, or null for cells.
  public static func kind(_ kind: String?) -> JSON {
    switch kind {
    case nil: .null
    case ElementKind.sectionHeader: .string("header")
    case ElementKind.sectionFooter: .string("footer")
    case let custom?: .string(custom)
    }
  }

  /// `{"category":…,"kind":…,"indexPath":[s,i],"frame":{…},"zIndex":n,"alpha":a,
  /// "hidden":false}`, plus `"transform"` (16 numbers, row-major) when not identity.
  public static func element(_ a: LayoutAttributes) -> JSON {
    var fields: [(String, JSON)] = [
      ("category", .string(a.representedElementCategory.description)),
      ("kind", kind(a.representedElementKind)),
      ("indexPath", indexPath(a.indexPath)),
      ("frame", rect(a.frame)),
      ("zIndex", .number(Double(a.zIndex))),
      ("alpha", .number(a.alpha)),
      ("hidden", .bool(a.isHidden)),
    ]
    if !a.transform3D.isIdentity { fields.append(("transform", transform(a.transform3D))) }
    return .object(fields)
  }

  /// A transform's 16 numbers, row-major (m11, m12, …, m44).
  public static func transform(_ t: Transform3D) -> JSON {
    .array(
      [
        t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34,
        t.m41, t.m42, t.m43, t.m44,
      ].map { .number($0) })
  }

  /// One trace event: `{"call":"prepare"}`, `{"call":"layoutAttributesForElements(in:)",
  /// "rect":{…},"count":n}`, `{"call":"willDisplay","element":{…}}`, …
  public static func event(_ event: LayoutEvent) -> JSON {
    var fields: [(String, JSON)] = [("call", .string(callName(event)))]
    switch event {
    case .numberOfSections, .numberOfItems, .cellForItem, .viewForSupplementaryElement,
      .decorationView, .dequeue, .prepareForReuse, .prefetchItems, .cancelPrefetching, .apply,
      .willDisplay, .didEndDisplaying:
      fields += dataSourceAndViewFields(event)
    case .prepare: break
    case .collectionViewContentSize(let s): fields.append(("size", size(s)))
    case .layoutAttributesForElements(let r, let count):
      fields += [("rect", rect(r)), ("count", .number(Double(count)))]
    case .layoutAttributesForItem(let p, let frame):
      fields += [("indexPath", indexPath(p)), ("frame", frame.map(rect) ?? .null)]
    case .layoutAttributesForSupplementaryView(let k, let p, let frame),
      .layoutAttributesForDecorationView(let k, let p, let frame):
      fields += [
        ("kind", kind(k)), ("indexPath", indexPath(p)), ("frame", frame.map(rect) ?? .null),
      ]
    case .shouldInvalidateLayout(let bounds, let result):
      fields += [("bounds", rect(bounds)), ("result", .bool(result))]
    case .invalidationContext(let bounds):
      fields.append(("bounds", rect(bounds)))
    case .invalidateLayout(let s):
      fields += [
        ("context", .string(s.contextClass)),
        ("invalidateEverything", .bool(s.invalidateEverything)),
        ("invalidateDataSourceCounts", .bool(s.invalidateDataSourceCounts)),
      ]
      if let items = s.items { fields.append(("items", .array(items.map(indexPath)))) }
      if s.contentOffsetAdjustment != .zero {
        fields.append(("contentOffsetAdjustment", point(s.contentOffsetAdjustment)))
      }
      if s.contentSizeAdjustment != .zero {
        fields.append(("contentSizeAdjustment", size(s.contentSizeAdjustment)))
      }
    case .targetContentOffset(let proposed, let result),
      .delegateTargetContentOffset(let proposed, let result):
      fields += [("proposed", point(proposed)), ("result", point(result))]
    case .targetContentOffsetForVelocity(let proposed, let velocity, let result):
      fields += [
        ("proposed", point(proposed)), ("velocity", point(velocity)), ("result", point(result)),
      ]
    case .hook: break
    case .transition(_, let leaving):
      fields.append(("layout", .string(leaving ? "left" : "went to")))
    case .preferredLayoutAttributesFitting(let p, let s):
      fields += [("indexPath", indexPath(p)), ("size", size(s))]
    case .shouldInvalidateLayoutForPreferredAttributes(let p, let result):
      fields += [("indexPath", indexPath(p)), ("result", .bool(result))]
    case .invalidationContextForPreferredAttributes(let p):
      fields.append(("indexPath", indexPath(p)))
    case .performBatchUpdates: break
    case .prepareForCollectionViewUpdates(let items):
      fields.append(("updateItems", .array(items.map(updateItem))))
    case .initialLayoutAttributesForAppearing(let key, let frame),
      .finalLayoutAttributesForDisappearing(let key, let frame):
      fields += [("element", element(key)), ("frame", frame.map(rect) ?? .null)]
    case .indexPathsForUpdate(_, _, let k, let result):
      fields += [("kind", kind(k)), ("result", .array(result.map(indexPath)))]
    case .completion(let finished):
      fields.append(("finished", .bool(finished)))
    case .reconfigureItems(let paths):
      fields.append(("indexPaths", .array(paths.map(indexPath))))
    case .selection, .menu, .scrollView:
      fields += delegateFields(event)
    case .movement(let callback):
      fields += movementFields(callback)
    case .exception(let e):
      fields += [("name", .string(e.name)), ("reason", .string(e.reason))]
    case .log(let message):
      fields.append(("message", .string(message)))
    }
    return .object(fields)
  }

  /// The arguments and answers of the delegate's touch, menu and scroll-view messages.
  static func delegateFields(_ event: LayoutEvent) -> [(String, JSON)] {
    switch event {
    case .selection(.shouldHighlight(let p, let answer)),
      .selection(.shouldSelect(let p, let answer)),
      .selection(.shouldDeselect(let p, let answer)), .menu(.shouldShowMenu(let p, let answer)):
      [("indexPath", indexPath(p)), ("result", .bool(answer))]
    case .selection(.didHighlight(let p)), .selection(.didUnhighlight(let p)),
      .selection(.didSelect(let p)), .selection(.didDeselect(let p)):
      [("indexPath", indexPath(p))]
    case .menu(.canPerformAction(let action, let p, let answer)):
      [
        ("action", .string(action.selector)), ("indexPath", indexPath(p)),
        ("result", .bool(answer)),
      ]
    case .menu(.performAction(let action, let p)):
      [("action", .string(action.selector)), ("indexPath", indexPath(p))]
    case .scrollView(.didScroll(let offset)): [("offset", point(offset))]
    case .scrollView(.willEndDragging(let velocity, let proposed, let target)):
      [("velocity", point(velocity)), ("proposed", point(proposed)), ("target", point(target))]
    case .scrollView(.didEndDragging(let decelerate)): [("willDecelerate", .bool(decelerate))]
    case .scrollView(.shouldScrollToTop(let result)): [("result", .bool(result))]
    default: []
    }
  }

  /// The arguments of what the data source is asked and what happens to views (LAY-4,
  /// DISP-2, DISP-3, DISP-5).
  static func dataSourceAndViewFields(_ event: LayoutEvent) -> [(String, JSON)] {
    switch event {
    case .numberOfSections(let count):
      [("result", .number(Double(count)))]
    case .numberOfItems(let section, let count):
      [("section", .number(Double(section))), ("result", .number(Double(count)))]
    case .cellForItem(let p):
      [("indexPath", indexPath(p))]
    case .viewForSupplementaryElement(let k, let p):
      [("kind", kind(k)), ("indexPath", indexPath(p))]
    case .decorationView(let key, let view, let reused):
      [("element", element(key)), ("view", .number(Double(view))), ("reused", .bool(reused))]
    case .dequeue(let key, let identifier, let view, let reused):
      [
        ("element", element(key)), ("reuseIdentifier", .string(identifier)),
        ("view", .number(Double(view))), ("reused", .bool(reused)),
      ]
    case .prepareForReuse(let key, let view):
      [("element", element(key)), ("view", .number(Double(view)))]
    case .prefetchItems(let paths), .cancelPrefetching(let paths):
      [("indexPaths", .array(paths.map(indexPath)))]
    case .apply(let key), .willDisplay(let key), .didEndDisplaying(let key):
      [("element", element(key))]
    default: []
    }
  }

  /// `{"action":"move","before":[0,5],"after":[1,0]}` (BATCH-9); a section-level item has
  /// `null` for its item.
  public static func updateItem(_ item: CollectionViewUpdateItem) -> JSON {
    func path(_ p: IndexPath?) -> JSON {
      guard let p else { return .null }
      return .array([
        .number(Double(p.section)), p.item == IndexPath.notFound ? .null : .number(Double(p.item)),
      ])
    }
    let action: String
    switch item.updateAction {
    case .insert: action = "insert"
    case .delete: action = "delete"
    case .reload: action = "reload"
    case .move: action = "move"
    case .none: action = "none"
    }
    return .object([
      ("action", .string(action)), ("before", path(item.indexPathBeforeUpdate)),
      ("after", path(item.indexPathAfterUpdate)),
    ])
  }

  static func callName(_ event: LayoutEvent) -> String {
    switch event {
    case .prepare: "prepare"
    default: event.callName
    }
  }

  /// `{"category":"cell","kind":null,"indexPath":[0,3]}`.
  public static func element(_ key: ElementKey) -> JSON {
    .object([
      ("category", .string(key.category.description)), ("kind", kind(key.kind)),
      ("indexPath", indexPath(key.indexPath)),
    ])
  }
}
