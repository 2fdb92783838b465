// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Gridline",
  products: [
    .library(name: "LayoutEngine", targets: ["LayoutEngine"]),
    .executable(name: "gl", targets: ["gl"]),
    .executable(name: "gridline-bench", targets: ["gridline-bench"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // The playground's HTTP and WebSocket server (`gl serve`), and only it.
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
  ],
  targets: [
    // MARK: LayoutEngine — the headless collection-view model; standard library only.
    // The standard library's rounding and square root call into libm, which only an import
    // of Glibc would otherwise link; naming it keeps LayoutEngine free of that import.
    .target(
      name: "LayoutEngine", linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
    .testTarget(name: "LayoutEngineTests", dependencies: ["LayoutEngine", "GridlineTestSupport"]),
    // What the test targets share (a seeded random generator).
    .target(name: "GridlineTestSupport", path: "Tests/GridlineTestSupport"),

    // MARK: GridlineLanguage — lexer, parser, checker and interpreter of .gl scripts.
    .target(name: "GridlineLanguage", dependencies: ["LayoutEngine"]),
    .testTarget(
      name: "GridlineLanguageTests",
      dependencies: ["GridlineLanguage", "LayoutEngine", "GridlineTestSupport"],
      exclude: ["FuzzRegressions"]),

    // MARK: GridlineRender — engine state as text tables and JSON (pictures later); never sees the AST.
    .target(name: "GridlineRender", dependencies: ["LayoutEngine"]),
    .testTarget(
      name: "GridlineRenderTests", dependencies: ["GridlineRender", "LayoutEngine"],
      exclude: ["Golden"]),

    // MARK: CEditLine — non-variadic C wrappers over libedit (Debian: libedit-dev).
    // libedit itself, through pkg-config.
    .systemLibrary(name: "CLibEdit", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
    .target(name: "CEditLine", dependencies: ["CLibEdit"]),

    // MARK: GridlineCLI — the driver: running and checking scripts, text and JSON output,
    // SVG files confined to the output directory, file I/O with the reason of a failure.
    .target(
      name: "GridlineCLI", dependencies: ["GridlineLanguage", "GridlineRender", "LayoutEngine"]),
    .testTarget(
      name: "GridlineCLITests",
      dependencies: ["GridlineCLI", "GridlineLanguage", "CZlib", "GridlineTestSupport"],
      exclude: ["Corpus", "Highlight", "BadInput"]),
    // zlib, to read the PNGs rsvg-convert makes of the SVG pictures in tests.
    .systemLibrary(name: "CZlib", path: "Tests/CZlib"),

    // MARK: GridlineREPL — the interactive loop on libedit: session, completion, history, stepping.
    .target(
      name: "GridlineREPL",
      dependencies: ["GridlineCLI", "GridlineLanguage", "LayoutEngine", "CEditLine"]),
    .testTarget(
      name: "GridlineREPLTests",
      dependencies: [
        "GridlineREPL", "GridlineCLI", "GridlineLanguage", "CPseudoTerminal", "GridlineTestSupport",
      ]),
    // A pseudo-terminal for the REPL's end-to-end tests and the startup benchmark.
    .target(name: "CPseudoTerminal", path: "Tests/CPseudoTerminal"),

    // MARK: GridlineLSP — the Language Server Protocol over stdio, for editors: the checker,
    // the vocabulary, completion and the formatter behind `gl lsp`.
    .target(name: "GridlineLSP", dependencies: ["GridlineCLI", "GridlineLanguage"]),
    .testTarget(
      name: "GridlineLSPTests",
      dependencies: ["GridlineLSP", "GridlineLanguage", "GridlineTestSupport"],
      exclude: ["Client"]),

    // MARK: GridlineServe — the browser playground behind `gl serve`: SwiftNIO's HTTP and
    // WebSocket server, the playground's protocol, and the page's embedded assets. The only
    // module that links a server package.
    .target(
      name: "GridlineServe",
      dependencies: [
        "GridlineCLI", "GridlineLanguage", "GridlineRender", "LayoutEngine",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOWebSocket", package: "swift-nio"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
      ]),
    .testTarget(
      name: "GridlineServeTests",
      dependencies: [
        "GridlineServe", "GridlineLanguage", "GridlineRender", "LayoutEngine",
        "GridlineTestSupport",
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
      ],
      exclude: ["Browser"]),

    // MARK: gl — the command-line tool.
    .executableTarget(
      name: "gl",
      dependencies: [
        "GridlineCLI", "GridlineREPL", "GridlineLanguage", "GridlineLSP", "GridlineServe",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),

    // MARK: gridline-bench — performance cases, run in a release build, never as a test.
    .executableTarget(
      name: "gridline-bench",
      dependencies: [
        "LayoutEngine", "GridlineLanguage", "GridlineREPL", "GridlineRender", "GridlineLSP",
        "GridlineServe", "CPseudoTerminal",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
