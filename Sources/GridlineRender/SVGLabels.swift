import LayoutEngine

/// Where an SVG picture writes its elements' labels, so that no two meet and none is cut:
/// a label goes in its box's top-left corner, 3 points in, measured with the declared
/// font (`SVGDrawing.characterWidth`); it is written only when it fits inside the part of
/// the box that is drawn (a window cuts boxes) and no box painted later covers it — that
/// element's own label, or its box, is what shows there.
enum SVGLabels {
  /// The baseline below a label's top: glyphs reach 8 above it and 2.5 below.
  static let baseline = 8.0
  static let height = 10.5

  /// Each label written, its text and top-left corner, by element index: the longest of
  /// `pictureLabels` that fits. `order` is the paint order: the elements, then the
  /// deleted elements' ghosts.
  static func corners(_ state: DrawingState, _ order: (elements: [Int], ghosts: [Int]))
    -> [Int: (text: String, corner: Point)]
  {
    let painted = order.elements + order.ghosts
    let boxes = painted.map { AsciiDrawing.boundingBox(state.elements[$0]) }
    let index = BoxIndex(boxes)
    var corners: [Int: (text: String, corner: Point)] = [:]
    for (position, i) in painted.enumerated() {
      let a = state.elements[i]
      // The box the label is drawn in: the frame, which an affine transform turns with its
      // label; a ghost's and a perspective transform's bounding box.
      let ghost = position >= order.elements.count
      let affine = a.transform3D.isIdentity || a.transform3D.isAffine
      var own = affine && !ghost ? a.frame : boxes[position]
      if let window = state.window, a.transform3D.isIdentity || ghost {
        own = own.intersection(window)
      }
      guard !own.isNull,
        let (label, text) = state.pictureLabels(i).lazy.compactMap({ label in
          box(in: own, label).map { (label, $0) }
        }).first
      else { continue }
      // A turned label may reach anywhere in its box's bounds.
      let reach = a.transform3D.isIdentity || ghost ? text : boxes[position]
      if !index.any(after: position, meeting: reach) { corners[i] = (label, text.origin) }
    }
    return corners
  }

  /// Where a label written in `box`'s top-left corner lies, or nil when it does not fit.
  static func box(in box: Rect, _ label: String) -> Rect? {
    let text = Rect(
      x: box.minX + 3, y: box.minY + 3,
      width: Double(SVGDrawing.columns(of: label)) * SVGDrawing.characterWidth, height: height)
    guard text.maxX + 1 <= box.maxX && text.maxY <= box.maxY else { return nil }
    return text
  }
}

/// The painted boxes by the cells of a grid they meet, so a label asks only its
/// neighbours whether one painted later covers it: linear, not quadratic, in the
/// elements of a picture (up to the rows `show` lists, in each state of a strip). A box
/// too large for a few cells (a decoration behind a section, a transform scaled up) is
/// asked by every label.
struct BoxIndex {
  private static let cell = 128.0
  private static let cellsPerBox = 64
  private let boxes: [Rect]
  private var cells: [Int64: [Int]] = [:]
  private var large: [Int] = []

  init(_ boxes: [Rect]) {
    self.boxes = boxes
    for (position, b) in boxes.enumerated() {
      guard let (x0, y0, x1, y1) = Self.span(b), (x1 - x0 + 1) * (y1 - y0 + 1) <= Self.cellsPerBox
      else {
        large.append(position)
        continue
      }
      for x in x0...x1 {
        for y in y0...y1 { cells[Self.key(x, y), default: []].append(position) }
      }
    }
  }

  /// Whether a box painted after `position` meets `rect`.
  func any(after position: Int, meeting rect: Rect) -> Bool {
    if large.contains(where: { $0 > position && boxes[$0].intersects(rect) }) { return true }
    guard let (x0, y0, x1, y1) = Self.span(rect) else { return false }
    // A rect of many cells asks every later box instead.
    if (x1 - x0 + 1) * (y1 - y0 + 1) > Self.cellsPerBox {
      return boxes[(position + 1)...].contains { $0.intersects(rect) }
    }
    for x in x0...x1 {
      for y in y0...y1 {
        for other in cells[Self.key(x, y)] ?? [] where other > position {
          if boxes[other].intersects(rect) { return true }
        }
      }
    }
    return false
  }

  /// The cells a rect meets; nil for one with no finite extent.
  private static func span(_ r: Rect) -> (Int, Int, Int, Int)? {
    guard !r.isNull, r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else {
      return nil
    }
    let limit = Double(1 << 30)
    func c(_ v: Double) -> Int { Int(max(-limit, min(limit, (v / cell).rounded(.down)))) }
    return (c(r.minX), c(r.minY), c(r.maxX), c(r.maxY))
  }

  private static func key(_ x: Int, _ y: Int) -> Int64 {
    Int64(x) << 32 | Int64(UInt32(bitPattern: Int32(y)))
  }
}
