internal import ArgumentKit
internal import Foundation

/// `navrec datasette-metadata`: Datasette's metadata for a navrec database.
struct DatasetteMetadataCommand: NavRecCommand {
    static let spec = CommandSpec(
        name: "datasette-metadata",
        abstract: "Print Datasette metadata: the public tables described, internal ones hidden, Queries/ as canned queries.",
        arguments: "",
        options: [
            DatabaseOptions.database.help("The database it is for; Datasette names it by its file name (default: $NAVREC_DB, else ./navrec.sqlite).").spec,
            OutputOptions.output.help("Write the metadata to FILE instead of standard output.").spec,
        ],
        discussion: """
            EXAMPLES:
              navrec datasette-metadata --db navrec.sqlite > metadata.json
              datasette navrec.sqlite -m metadata.json
            """)

    let context: CommandContext
    let databasePath: String
    let outputPath: String?

    init(_ arguments: ParsedArguments, context: CommandContext) throws {
        self.context = context
        databasePath = context.databasePath(arguments)
        outputPath = arguments.value(OutputOptions.output)
    }

    func run() throws -> ExitCode {
        let name = ((databasePath as NSString).lastPathComponent as NSString).deletingPathExtension
        let text = try DatasetteMetadata(databaseName: name).json()
        let output = try outputPath.map { path throws(CommandError) in try Output(path: path) } ?? context.output
        output.write(text)
        try output.finish()
        return .success
    }
}
