import FoundationEssentials
import LayoutEngine

/// A message from a page, decoded and checked (docs/playground.md, protocol version 1):
/// a JSON object with `"type"`, an optional `"id"` the reply repeats, an optional `"v"`
/// (the protocol version, 1), and the fields its type needs.
struct ClientMessage {
  /// The protocol version this server speaks; a message naming another is refused.
  static let version = 1

  enum Command: Equatable {
    /// Runs `text` as the script, from the start; `keepOffset` scrolls back to where the
    /// last run was looking.
    case run(text: String, keepOffset: Bool)
    /// Runs the next statement of `text` (from the first, when `text` is not the script
    /// being stepped).
    case step(text: String)
    /// Runs `text` up to its statement `statement` (a number from the state's
    /// `animations`), then starts that statement's frames as `step` does.
    case replay(text: String, statement: Int)
    /// The next frame of the motion in progress.
    case frame
    /// `setContentOffset(_:)`: a wheel or trackpad scroll, or the overview dragged.
    case scroll(Point)
    /// The finger moves by this much (down and right positive), as `drag by`.
    case drag(Point)
    /// The finger lifts at this velocity (points per millisecond), as `release velocity`.
    case release(Point)
    /// A tap at a point in content coordinates, as `tap (x, y)`.
    case tap(Point)
    /// A new size of the collection view, as `resize W x H`.
    case resize(Size)
    /// Interactive movement (a long press on an item, then its drag): `move begin item`,
    /// `move to (x, y)` (a point in content coordinates), `move end`, `move cancel`.
    case moveBegin(section: Int, item: Int)
    case moveTo(Point)
    case moveEnd
    case moveCancel
    /// The inspector: an item's attributes and the calls of the last step about it; `layer`
    /// names the layer of a layered script whose item is meant (nil: the one `why` means).
    case select(section: Int, item: Int, layer: String?)
    /// Hover: the boxes the page outlines around an item (its line or groups, insets and
    /// spacing), from the layout's record of how it placed it.
    case box(section: Int, item: Int, layer: String?)
    /// Completion of `text`, the script up to the cursor.
    case complete(text: String)
  }

  var id: Int?
  var command: Command

  /// The fields any message may carry; which are required depends on `type`.
  private struct Fields: Decodable {
    var v: Int?
    var id: Int?
    var type: String?
    var text: String?
    var keepOffset: Bool?
    var x: Double?
    var y: Double?
    var width: Double?
    var height: Double?
    var section: Int?
    var item: Int?
    var phase: String?
    var layer: String?
    var statement: Int?
  }

  /// The message types, in the order docs/playground.md lists them.
  static let types = [
    "run", "step", "replay", "frame", "scroll", "drag", "release", "tap", "move", "resize",
    "select",
    "box", "complete",
  ]

  /// The phases of a `move` message.
  static let movePhases = ["begin", "to", "end", "cancel"]

  /// Decodes a WebSocket text message; a message that is not one is a `ProtocolError` whose
  /// reply names the problem (and the id, when one could be read).
  static func decode(_ text: String) -> Result<ClientMessage, IdentifiedError> {
    let fields: Fields
    do {
      fields = try JSONDecoder().decode(Fields.self, from: Data(text.utf8))
    } catch {
      return .failure(IdentifiedError(id: nil, error: .malformed))
    }
    do throws(ProtocolError) {
      return .success(ClientMessage(id: fields.id, command: try command(fields)))
    } catch {
      return .failure(IdentifiedError(id: fields.id, error: error))
    }
  }

  private static func command(_ f: Fields) throws(ProtocolError) -> Command {
    if let v = f.v, v != version { throw .unsupportedVersion(v) }
    guard let type = f.type else { throw .missingField("type") }
    func number(_ value: Double?, _ name: String) throws(ProtocolError) -> Double {
      guard let value else { throw .missingField(name) }
      // JSON has no NaN or infinity; a number too large to be a place is refused here so
      // the statement the page stands for is one the language reads back.
      guard abs(value) <= 1e9 else { throw .outOfRange(name) }
      return value
    }
    func point() throws(ProtocolError) -> Point {
      Point(x: try number(f.x, "x"), y: try number(f.y, "y"))
    }
    func indexPath() throws(ProtocolError) -> (Int, Int) {
      guard let section = f.section else { throw .missingField("section") }
      guard let item = f.item else { throw .missingField("item") }
      return (section, item)
    }
    func text() throws(ProtocolError) -> String {
      guard let text = f.text else { throw .missingField("text") }
      return text
    }
    switch type {
    case "run": return .run(text: try text(), keepOffset: f.keepOffset ?? false)
    case "step": return .step(text: try text())
    case "replay":
      guard let statement = f.statement else { throw .missingField("statement") }
      return .replay(text: try text(), statement: statement)
    case "frame": return .frame
    case "scroll": return .scroll(try point())
    case "drag": return .drag(try point())
    case "release": return .release(try point())
    case "tap": return .tap(try point())
    case "resize":
      let size = Size(width: try number(f.width, "width"), height: try number(f.height, "height"))
      guard size.width > 0, size.height > 0 else { throw .outOfRange("width and height") }
      return .resize(size)
    case "move":
      switch f.phase {
      case "begin":
        let (section, item) = try indexPath()
        return .moveBegin(section: section, item: item)
      case "to": return .moveTo(try point())
      case "end": return .moveEnd
      case "cancel": return .moveCancel
      case nil: throw .missingField("phase")
      case let other?: throw .unknownPhase(other)
      }
    case "select":
      let (section, item) = try indexPath()
      return .select(section: section, item: item, layer: f.layer)
    case "box":
      let (section, item) = try indexPath()
      return .box(section: section, item: item, layer: f.layer)
    case "complete": return .complete(text: try text())
    default: throw .unknownType(type)
    }
  }
}

/// A protocol error with the id of the message it answers, when the message had one.
struct IdentifiedError: Error {
  var id: Int?
  var error: ProtocolError
}
