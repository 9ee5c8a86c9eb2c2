// swift-tools-version:6.0
import PackageDescription

/// An app's side of the NavRec library, as a separate package depending on navrec by path
/// (Docs/library.md): its tests record simulated sessions through `ScrollRecorder` and assert on
/// them with the XCTest and Swift Testing helpers; `check-library` compares the library's
/// in-process results with `navrec analyze`'s lines (Integrations/check_library.sh).
let package = Package(
    name: "library-consumer",
    dependencies: [.package(name: "navrec", path: "../..")],
    targets: [
        .executableTarget(name: "check-library", dependencies: [.product(name: "NavRec", package: "navrec")]),
        .testTarget(
            name: "ConsumerTests",
            dependencies: [
                // What a UI test target adds: the helpers (they bring the NavRec library).
                .product(name: "NavRecTesting", package: "navrec"),
                // What the app adds to record; Simulation stands in for a scroll view here.
                .product(name: "Recording", package: "navrec"),
                .product(name: "BarModel", package: "navrec"),
                .product(name: "Simulation", package: "navrec"),
            ]
        ),
    ]
)
