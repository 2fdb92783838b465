import LayoutEngine

/// What a picture marks on an element that took part in a batch update, read from the
/// element's `UpdateTrack` (LAY-14; LAY-15 for the default tracks): inserted, moved,
/// deleted and reloaded elements. An element the batch only shifted (or left where it was)
/// is not marked: that its frame changed is what the update did to it, not to its data.
///
/// The marks:
/// - inserted: `+` after its label. The SVG draws it with its presented alpha, so it fades
///   in over the frames of an animation (LAY-15: from its final frame with alpha 0).
/// - moved: `→` after its label; the SVG draws an arrow from its old centre to its new one
///   (the track's `from` and `to`), on every picture that carries the mark.
/// - deleted: not drawn as an element but as a ghost. The ASCII drawing, which has no
///   alpha, draws a dotted outline where it was (the track's `from`) whenever the mark is
///   there; the SVG draws a dashed outline where it is presented, with its presented alpha
///   (LAY-15: at its old frame, fading to 0), during the animation only — at the end it has
///   faded out, so a finished update's picture shows no SVG ghost.
/// - reloaded: no symbol (the engine gives two tracks, DISP-2: the old view fading out,
///   the new one fading in, both at the element's place); the SVG draws each with its
///   presented alpha and the class `reloaded`.
public enum UpdateMark: String, Sendable, CaseIterable {
  case inserted, moved, deleted, reloaded

  public init?(_ track: UpdateTrack?) {
    switch track?.change {
    case .inserted: self = .inserted
    case .moved: self = .moved
    case .deleted: self = .deleted
    case .reloaded: self = .reloaded
    default: return nil
    }
  }

  /// What follows a marked element's label. The drawings already use Unicode box
  /// characters, so the arrow is `→` and the deleted ghost's cross `×`.
  var suffix: String {
    switch self {
    case .inserted: "+"
    case .moved: "→"
    case .deleted: "×"
    case .reloaded: ""
    }
  }
}

extension DrawingState {
  /// Element `i`'s track in the update the picture shows, if any.
  func track(_ i: Int) -> UpdateTrack? { i < changes.count ? changes[i] : nil }

  /// Whether element `i` is a selected cell.
  func isSelected(_ i: Int) -> Bool { i < selected.count && selected[i] }

  /// The labels a picture may write on element `i`, longest first: with its diffable
  /// identifier and a selected cell's `✓`, then without the identifier when that does not
  /// fit.
  func pictureLabels(_ i: Int) -> [String] {
    let short = markedLabel(i) + (isSelected(i) ? "✓" : "")
    guard i < identifiers.count, let id = identifiers[i] else { return [short] }
    return [short + " " + id, short]
  }

  /// Element `i`'s mark, if any.
  func mark(_ i: Int) -> UpdateMark? { UpdateMark(track(i)) }

  /// Whether any element carries a mark.
  var hasUpdateMarks: Bool { changes.indices.contains { mark($0) != nil } }

  /// The label a picture writes on element `i`: the element's, its mark's symbol, and `*`
  /// when the last step recomputed it.
  func markedLabel(_ i: Int) -> String {
    let a = elements[i]
    var text = AsciiDrawing.label(a) + (mark(i)?.suffix ?? "")
    if invalidated.contains(a.key) { text += "*" }
    return text
  }

  /// The footer line naming the marked elements, e.g. `update: + inserted 0.0; → moved
  /// 0.5 to 0.2; × deleted (dotted where it was) 0.3`, or nil without marks. `ghosts`
  /// says how the picture draws deleted elements.
  func updateLegend(ghosts: String) -> String? {
    var inserted: [String] = []
    var moved: [String] = []
    var deleted: [String] = []
    for i in elements.indices {
      guard let mark = mark(i), let track = track(i) else { continue }
      let label = AsciiDrawing.label(elements[i])
      switch mark {
      case .inserted: inserted.append(label)
      case .deleted: deleted.append(label)
      case .moved:
        let from = track.oldKey.map { AsciiDrawing.label($0) } ?? label
        moved.append(from == label ? label : "\(from) to \(label)")
      case .reloaded: break
      }
    }
    var parts: [String] = []
    if !inserted.isEmpty { parts.append("+ inserted " + Self.list(inserted)) }
    if !moved.isEmpty { parts.append("→ moved " + Self.list(moved)) }
    if !deleted.isEmpty { parts.append("× deleted (\(ghosts)) " + Self.list(deleted)) }
    guard !parts.isEmpty else { return nil }
    let when =
      updateProgress.map { "update at \(AsciiDrawing.number(($0 * 100).rounded()))%" }
      ?? "update"
    return when + ": " + parts.joined(separator: "; ")
  }

  /// At most six labels, then how many more.
  static func list(_ labels: [String]) -> String {
    labels.prefix(6).joined(separator: ", ")
      + (labels.count > 6 ? ", and \(labels.count - 6) more" : "")
  }
}
