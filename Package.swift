// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "Gridline",
  products: [
    .library(name: "LayoutEngine", targets: ["LayoutEngine"]),
    .executable(name: "gridline-bench", targets: ["gridline-bench"]),
  ],
  targets: [
    // MARK: LayoutEngine — the headless collection-view model; standard library only.
    // The standard library's rounding and square root call into libm, which only an import
    // of Glibc would otherwise link; naming it keeps LayoutEngine free of that import.
    .target(
      name: "LayoutEngine", linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
    .testTarget(name: "LayoutEngineTests", dependencies: ["LayoutEngine"]),

    // MARK: gridline-bench — performance cases, run in a release build, never as a test.
    .executableTarget(name: "gridline-bench", dependencies: ["LayoutEngine"]),
  ],
  swiftLanguageModes: [.v6]
)
