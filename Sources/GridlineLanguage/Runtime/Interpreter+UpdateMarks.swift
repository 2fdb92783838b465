import LayoutEngine

/// Which batch update `draw`, `show` and `svg` mark, and what they are given for it: each
/// element with its `UpdateTrack` (LAY-14; LAY-15's defaults where the layout answers
/// `nil`). The renderers decide how a change is drawn; here is only *when* it shows.
extension Interpreter {
  /// The update whose changes the outputs show, one animation per layer (back to front),
  /// and its progress. The rule:
  /// - while an update's animation is in flight — a frame of `… over N frames` inside
  ///   `svg strip` or `gl render --frames`, or between the frames of a stepped update in
  ///   the REPL (`:step batch …`) — that animation, at its progress (0…1);
  /// - else, when the last step that acted ran a batch update (or was the frame that ended
  ///   a stepped one), that update, finished (progress nil): the picture of what it just
  ///   did. Steps that only look (`draw`, `show`, `expect`, `print`, `hit`, `let`, `trace`,
  ///   a single `svg`) keep it; the next step that acts — a scroll or a frame of one, a
  ///   resize, another update (even one UIKit refuses), a declaration, an `svg strip` —
  ///   clears it, as it clears `trace.count` and `recomputed`;
  /// - else nothing: no marks.
  func updateShown() -> (animations: [UpdateAnimation?], progress: Double?) {
    let views = layers.views
    if let live = views.first(where: { $0.updateAnimation != nil }) {
      return (views.map(\.updateAnimation), live.updateAnimationProgress)
    }
    return (runner.lastUpdates, nil)
  }

  /// Ends every layer's update animation, keeping it (`runner.lastUpdates`) for the
  /// outputs that follow: the marks of a finished update.
  func finishUpdate() {
    runner.lastUpdates = layers.views.map(\.updateAnimation)
    for cv in layers.views { cv.finishUpdateAnimation() }
  }

  /// While a stepped update starts, its animation is left in flight with its `frames`
  /// for the REPL to run; true when it was.
  func deferAnimation(_ frames: Int) -> Bool {
    guard runner.defersAnimation else { return false }
    runner.deferredFrames = frames
    return true
  }

  /// `elements` (a layer's displayed elements or the layout's answer for a window: final
  /// attributes) as a picture shows them, each with its track in `animation`.
  /// Mid-animation (`progress` not nil) an element with a track is drawn as presented at
  /// the progress, and every other track is added as presented — the views on screen only
  /// before the update (deleted, a reload's old view, moved out of sight), which stay
  /// displayed until the animation ends (DISP-2); without `elements` this is exactly
  /// `presentedElements`. After a finished update, elements keep their attributes and
  /// the deleted ones are added with their final attributes (where they faded out).
  static func present(
    _ elements: [LayoutAttributes], _ animation: UpdateAnimation?, progress: Double?
  ) -> [(attributes: LayoutAttributes, track: UpdateTrack?)] {
    guard let animation else { return elements.map { ($0, nil) } }
    let byKey = trackIndex(animation)
    var used = Set<Int>()
    var out: [(attributes: LayoutAttributes, track: UpdateTrack?)] = []
    for a in elements {
      guard let t = byKey[a.key] else {
        out.append((a, nil))
        continue
      }
      used.insert(t)
      let track = animation.tracks[t]
      out.append((progress.map { track.attributes(at: $0) } ?? a, track))
    }
    for (t, track) in animation.tracks.enumerated() where !used.contains(t) {
      if let progress {
        out.append((track.attributes(at: progress), track))
      } else if track.change == .deleted {
        out.append((track.to, track))
      }
    }
    return out
  }

  /// The track of each element key after the update (the first, when a key has two).
  static func trackIndex(_ animation: UpdateAnimation) -> [ElementKey: Int] {
    var byKey: [ElementKey: Int] = [:]
    for (t, track) in animation.tracks.enumerated() {
      if let key = track.newKey, byKey[key] == nil { byKey[key] = t }
    }
    return byKey
  }

  /// `show`'s elements with their tracks in the update shown (by key: `show` lists the
  /// collection view's elements after the update, never its disappearing views).
  func changes(of elements: [(layer: String, attributes: LayoutAttributes)]) -> [UpdateTrack?] {
    let (animations, _) = updateShown()
    guard animations.contains(where: { $0 != nil }) else { return [] }
    let names = layers.names
    let indexes = animations.map { $0.map(Self.trackIndex) }
    let tracks = elements.map { element -> UpdateTrack? in
      let layer = names.firstIndex(of: element.layer) ?? names.count - 1
      guard indexes.indices.contains(layer), let index = indexes[layer],
        let t = index[element.attributes.key], let animation = animations[layer]
      else { return nil }
      return animation.tracks[t]
    }
    return tracks.contains { $0 != nil } ? tracks : []
  }
}

extension Statement {
  /// `insert …`, `delete …`, `move …`, `reload …`, `batch { … }`, `apply snapshot { … }`
  /// or `switch layout NAME` with `over N frames`.
  var isAnimatedUpdate: Bool {
    switch kind {
    case .update(let step): step.frames != nil
    case .batch(let batch): batch.frames != nil
    case .applySnapshot(let step): step.frames != nil
    case .switchLayout(_, let frames): frames != nil
    default: false
    }
  }
}
