import GridlineRender

/// Why a message got no state back: the reply is `{"type":"error","code":…,"message":…}`
/// and the connection stays open (docs/playground.md lists the codes).
enum ProtocolError: Error, Equatable {
  /// Not a JSON object of the protocol's fields.
  case malformed
  case unsupportedVersion(Int)
  case missingField(String)
  case unknownType(String)
  /// A `move` whose `phase` is not one of `ClientMessage.movePhases`.
  case unknownPhase(String)
  /// A number no place or size can be (beyond ±10⁹, or a size not above zero).
  case outOfRange(String)
  /// A gesture or a frame before any script ran.
  case noScript
  /// `frame` with no deceleration, animated scroll or update in progress.
  case noMotion
  /// `step` of a script without a statement (empty, or comments only).
  case nothingToStep
  /// `select` of an item that is not displayed.
  case notDisplayed(section: Int, item: Int)
  /// `replay` of a statement that is not one of the script's animations.
  case notAnimated(Int)
  /// The statement a gesture stands for was refused by the checker (its message).
  case refused(String, String)
  /// More messages are waiting than a connection may queue.
  case busy

  var code: String {
    switch self {
    case .malformed: "malformed"
    case .unsupportedVersion: "unsupported-version"
    case .missingField: "missing-field"
    case .unknownType: "unknown-type"
    case .unknownPhase: "unknown-phase"
    case .outOfRange: "out-of-range"
    case .noScript: "no-script"
    case .noMotion: "no-motion"
    case .nothingToStep: "nothing-to-step"
    case .notDisplayed: "not-displayed"
    case .notAnimated: "not-animated"
    case .refused: "refused"
    case .busy: "busy"
    }
  }

  var message: String {
    switch self {
    case .malformed:
      "the message is not a JSON object of the playground protocol's fields"
    case .unsupportedVersion(let v):
      "this server speaks version \(ClientMessage.version) of the protocol, not \(v)"
    case .missingField(let name): "the message needs '\(name)'"
    case .unknownType(let type):
      "'\(type)' is not a message type; the types are "
        + ClientMessage.types.map { "'\($0)'" }.joined(separator: ", ")
    case .unknownPhase(let phase):
      "'\(phase)' is not a phase of 'move'; the phases are "
        + ClientMessage.movePhases.map { "'\($0)'" }.joined(separator: ", ")
    case .outOfRange(let name): "'\(name)' is out of range"
    case .noScript: "no script has run yet: send 'run' first"
    case .noMotion: "nothing is moving: 'frame' follows a release or a stepped animation"
    case .nothingToStep: "the script has no statement to step"
    case .notDisplayed(let section, let item):
      "item [\(section), \(item)] is not displayed"
    case .notAnimated(let index):
      "statement \(index) is not an animation the page can replay (see the state's 'animations')"
    case .refused(let statement, let why): "'\(statement)' cannot run here: \(why)"
    case .busy: "too many messages are waiting; this one was dropped"
    }
  }

  func reply(id: Int?) -> JSON {
    var fields: [(String, JSON)] = [("type", .string("error"))]
    if let id { fields.append(("id", .number(Double(id)))) }
    fields += [("code", .string(code)), ("message", .string(message))]
    return .object(fields)
  }
}
