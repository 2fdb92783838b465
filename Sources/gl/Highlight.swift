import ArgumentParser
import GridlineCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

struct Highlight: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Print a script with its words coloured, or write it as an SVG listing.",
    discussion: """
      Keywords, numbers, strings, comments and operators are coloured as the editor \
      grammar (gl editors) colours them. Colour goes to a terminal only, unless --colour \
      always; NO_COLOR turns it off.
      """)

  enum Colour: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never
  }

  @Argument(help: "The .gl file.", completion: .file(extensions: ["gl"]))
  var file: String

  @Option(help: "An SVG file to write the listing to, instead of printing.")
  var svg: String?

  @Option(help: "The listing's background: dark or light.")
  var theme: HighlightTheme = .dark

  @Option(help: "Colour the printed text: auto (a terminal without NO_COLOR), always, never.")
  var colour: Colour = .auto

  func run() throws {
    let useColour =
      switch colour {
      case .always: true
      case .never: false
      case .auto: isatty(1) == 1 && (Environment.variables["NO_COLOR"] ?? "").isEmpty
      }
    let status = SourceHighlight.run(
      file, svg: svg, theme: theme, colour: useColour, write: emit)
    throw ExitCode(status.rawValue)
  }
}

extension HighlightTheme: ExpressibleByArgument {}
