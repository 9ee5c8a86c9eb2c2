// swift-tools-version:6.0
import PackageDescription

/// Strictness for every target, as swift-log does: Swift 6 language mode plus the upcoming
/// features that keep imports and existentials explicit. Applied by the loop at the end, so a new
/// target gets them without asking.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "navrec",
    products: [
        .executable(name: "navrec", targets: ["navrec"]),
        .library(name: "BarModel", targets: ["BarModel"]),
        .library(name: "Recording", targets: ["Recording"]),
        .library(name: "Simulation", targets: ["Simulation"]),
        // Analyse recordings in-process and assert on them from an app's tests (Docs/library.md).
        .library(name: "NavRec", targets: ["NavRec"]),
        .library(name: "NavRecTesting", targets: ["NavRecTesting"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // SHA-256, its compression on the CPU's SHA instructions (x86-64 SHA-NI, ARMv8 SHA2), each
        // enabled per function and used only where the CPU has it: no flags for anyone else.
        .target(name: "CSHA256"),
        // The signal handler that removes unfinished `--output` temporaries: C, because a handler
        // may only call async-signal-safe functions.
        .target(name: "CSignalCleanup"),
        // The SIGBUS handler that keeps a mapped recording which shrinks under navrec from ending
        // it (Recording/MappedFile.swift): C, for the same reason.
        .target(name: "CMappedFileGuard"),
        // Text utilities that know nothing of navrec: the closest name to a typo, decimal digits to
        // a correctly rounded Double, the NAME.KEY=VALUE assignment of --param and --set.
        .target(name: "TextTools", dependencies: ["CSHA256"]),
        .target(name: "BarModel", dependencies: ["TextTools"], linkerSettings: [.linkedLibrary("m")]),
        // Scroll physics, gestures, faults and the demo scenarios that drive the model.
        .target(name: "Simulation", dependencies: ["BarModel", "TextTools"], linkerSettings: [.linkedLibrary("m")]),
        .target(name: "Recording", dependencies: ["BarModel", "CMappedFileGuard", "CSHA256", "TextTools"]),
        .executableTarget(name: "EmbedSQLTool", dependencies: ["CSQLite", "TextTools"]),
        .plugin(name: "EmbedSQL", capability: .buildTool(), dependencies: ["EmbedSQLTool"]),
        .target(
            name: "Store",
            dependencies: ["CSQLite", "BarModel", "TextTools"],
            plugins: ["EmbedSQL"]
        ),
        .target(name: "Analyzer", dependencies: ["BarModel", "TextTools"]),
        // The library: `navrec analyze`'s reading-and-analysis core (which the command runs too) and
        // its public value types. Nothing an iOS or macOS test target lacks: no SQLite.
        .target(name: "NavRec", dependencies: ["Analyzer", "BarModel", "Recording"]),
        // Expectations for XCTest and Swift Testing over the library.
        .target(name: "NavRecTesting", dependencies: ["NavRec"]),
        .target(name: "Comparison", linkerSettings: [.linkedLibrary("m")]),
        .target(name: "Reports", dependencies: ["Analyzer", "BarModel", "Comparison", "TextTools"]),
        // The command-line framework (parser, help, completions, man page); it knows nothing of navrec.
        .target(name: "ArgumentKit", dependencies: ["TextTools"]),
        .target(
            name: "NavRecCommands",
            dependencies: ["ArgumentKit", "CSignalCleanup", "TextTools", "BarModel", "Simulation", "Recording", "Store", "Analyzer", "Reports", "Comparison", "NavRec"]
        ),
        .executableTarget(name: "navrec", dependencies: ["ArgumentKit", "NavRecCommands"]),
        // Writes the schema SQL generated from BarStateField into a new migration (Docs/architecture.md "Adding a field").
        .executableTarget(name: "navrec-schema", dependencies: ["Store"]),
        .testTarget(name: "TextToolsTests", dependencies: ["CSHA256", "TextTools"]),
        .testTarget(name: "ArgumentKitTests", dependencies: ["ArgumentKit"]),
        .testTarget(name: "BarModelTests", dependencies: ["BarModel"]),
        .testTarget(name: "SimulationTests", dependencies: ["Simulation", "BarModel"]),
        .testTarget(name: "RecordingTests", dependencies: ["Recording", "BarModel", "Simulation"]),
        .testTarget(name: "StoreTests", dependencies: ["Store", "BarModel", "Simulation", "TextTools"], exclude: ["Fixtures"]),
        .testTarget(name: "AnalyzerTests", dependencies: ["Analyzer", "BarModel", "Simulation"]),
        .testTarget(name: "ComparisonTests", dependencies: ["Comparison"]),
        .testTarget(
            name: "NavRecTests",
            dependencies: ["NavRec", "NavRecTesting", "BarModel", "Recording"],
            exclude: ["PublicAPI.txt"]
        ),
        .testTarget(
            name: "ReportsTests",
            dependencies: ["Reports", "Analyzer", "BarModel", "Comparison"],
            resources: [.copy("Golden")]
        ),
        .testTarget(
            name: "NavRecCommandsTests",
            dependencies: ["NavRecCommands", "NavRec", "Store", "Recording", "Reports", "BarModel", "Simulation", "TextTools", "Analyzer", "Comparison"],
            exclude: ["QueryGolden"]
        ),
    ]
)

for target in package.targets where target.type != .system && target.type != .plugin {
    target.swiftSettings = (target.swiftSettings ?? []) + strictSettings
}
