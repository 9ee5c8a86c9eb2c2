// swift-tools-version:6.0
import PackageDescription

/// Strictness for every target, as swift-log does: Swift 6 language mode plus the upcoming
/// features that keep imports and existentials explicit.
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
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .target(
            name: "BarModel",
            swiftSettings: strictSettings,
            linkerSettings: [.linkedLibrary("m")]
        ),
        .target(name: "Recording", dependencies: ["BarModel"], swiftSettings: strictSettings),
        .executableTarget(name: "EmbedSQLTool", swiftSettings: strictSettings),
        .plugin(name: "EmbedSQL", capability: .buildTool(), dependencies: ["EmbedSQLTool"]),
        .target(
            name: "Store",
            dependencies: ["CSQLite", "BarModel"],
            swiftSettings: strictSettings,
            plugins: ["EmbedSQL"]
        ),
        .target(name: "Analyzer", dependencies: ["BarModel"], swiftSettings: strictSettings),
        .target(name: "Reports", dependencies: ["Analyzer", "BarModel"], swiftSettings: strictSettings),
        .target(
            name: "NavRecCommands",
            dependencies: ["BarModel", "Recording", "Store", "Analyzer", "Reports"],
            swiftSettings: strictSettings
        ),
        .executableTarget(name: "navrec", dependencies: ["NavRecCommands"], swiftSettings: strictSettings),
        .testTarget(name: "BarModelTests", dependencies: ["BarModel"], swiftSettings: strictSettings),
        .testTarget(name: "RecordingTests", dependencies: ["Recording", "BarModel"], swiftSettings: strictSettings),
        .testTarget(name: "StoreTests", dependencies: ["Store", "BarModel"], swiftSettings: strictSettings),
        .testTarget(name: "AnalyzerTests", dependencies: ["Analyzer", "BarModel"], swiftSettings: strictSettings),
        .testTarget(
            name: "ReportsTests",
            dependencies: ["Reports", "Analyzer", "BarModel"],
            resources: [.copy("Golden")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "NavRecCommandsTests",
            dependencies: ["NavRecCommands", "Store", "Recording", "BarModel"],
            exclude: ["QueryGolden"],
            swiftSettings: strictSettings
        ),
    ]
)
