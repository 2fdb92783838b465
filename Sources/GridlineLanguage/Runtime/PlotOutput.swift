import LayoutEngine

/// `svg plot` (and `gl render --plot`): the content offset and its velocity against time,
/// one sample per frame, for a renderer to chart. Values only: the renderer never sees the
/// statements that made them.
public struct PlotOutput: Sendable, Hashable {
  /// In time order. The first is the state when the recording began (time 0); a statement
  /// that runs no frames adds one at the time it ends, so a jump (`scroll to`) is a step.
  public var samples: [PlotSample]
  /// Where the finger lifted and where the deceleration came to rest, in time order.
  public var markers: [PlotMarker]
  /// The edges of the valid offsets (SV-3) on `axis` that the offset went past (a rubber
  /// band, or a `scroll to` beyond them, SV-4).
  public var edges: [PlotEdge]
  /// The axis the offset moved most along (the layout's scroll axis when it did not move).
  public var axis: Axis
  /// Frames a second when the recording ended (`frame rate`, 60 unless said).
  public var frameRate: Double
  /// What ran: the block's statements, or the script's name.
  public var caption: String

  /// The samples a frame ended at.
  public var frames: Int { samples.count(where: \.isFrame) }

  /// Milliseconds from the first sample to the last.
  public var duration: Double { (samples.last?.time ?? 0) - (samples.first?.time ?? 0) }
}

/// The scroll view at one moment of a plot.
public struct PlotSample: Sendable, Hashable {
  /// Milliseconds since the recording began.
  public var time: Double
  public var offset: Point
  /// Points per millisecond, positive towards larger offsets: the deceleration's own
  /// (SV-7) while it runs, the finger's while it drags, else the change over the frame; 0
  /// for a statement that runs no frames (a jump has no speed).
  public var velocity: Point
  /// Whether a frame ended here, rather than a lift or a statement without frames.
  public var isFrame: Bool
}

/// A moment of a gesture a plot marks.
public struct PlotMarker: Sendable, Hashable {
  public enum Kind: String, Sendable, Hashable {
    /// `endDragging(velocity:)`: `scrollViewWillEndDragging` (SV-8).
    case release
    /// The deceleration reached its target: `scrollViewDidEndDecelerating` (SV-8).
    case rest
  }

  public var kind: Kind
  public var time: Double
  public var offset: Point
}

/// An edge of the valid offsets (SV-3) a plot's offset went past.
public struct PlotEdge: Sendable, Hashable {
  public enum Kind: String, Sendable, Hashable {
    case minimum, maximum
  }

  public var kind: Kind
  /// The edge's offset on the plotted axis.
  public var offset: Double
}
