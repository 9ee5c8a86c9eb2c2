import Foundation
import PackagePlugin

/// Embeds the package's `Migrations/*.sql`, `Schema/*.sql` and `Queries/*.sql` into the target as
/// Swift source, with the file of a new database that `Schema/schema.sql` makes, so an installed `navrec`
/// carries its schema and query library and runs from any directory.
@main
struct EmbedSQL: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let root = context.package.directoryURL
        var inputs: [URL] = []
        for folder in ["Migrations", "Schema", "Queries"] {
            let directory = root.appending(path: folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            inputs += names.filter { $0.hasSuffix(".sql") }.sorted().map { directory.appending(path: $0) }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedSQL.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) SQL files into \(target.name)",
                executable: try context.tool(named: "EmbedSQLTool").url,
                arguments: [output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
