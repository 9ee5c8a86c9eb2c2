internal import Foundation

/// navrec's man page (roff, section 1), generated from the commands' ``CommandSpec``s — the same
/// declarations `--help` prints.
public enum ManPage {
    public static func render(specs: [CommandSpec], version: String) -> String {
        var page = """
            .TH NAVREC 1 "" "navrec \(version)" "User Commands"
            .SH NAME
            navrec \\- record iOS navigation-bar scroll sessions into SQLite and find what makes bars glitch
            .SH SYNOPSIS
            .B navrec
            .I COMMAND
            [\\fIoptions\\fR]
            .SH DESCRIPTION
            navrec stores scroll recordings with the bar states its models compute, replays them and reports
            threshold flapping, jitter, title-visibility mismatches and hitches, each with its evidence and,
            where one exists, the fix. The database is \\fB\\-\\-db\\fR PATH, else \\fB$NAVREC_DB\\fR, else
            \\fI./navrec.sqlite\\fR.
            .SH COMMANDS

            """
        for spec in specs {
            page += ".SS \"navrec \(escape(spec.name))\(spec.arguments.isEmpty ? "" : " " + escape(spec.arguments))\"\n"
            page += escape(spec.abstract) + "\n"
            for option in spec.options + [.flag("help", short: "h", "Show this help.")] {
                var label = option.short.map { "\\fB\\-\($0)\\fR, " } ?? ""
                label += "\\fB\\-\\-\(escape(option.name))\\fR"
                if let valueName = option.valueName { label += " \\fI\(escape(valueName))\\fR" }
                page += ".TP\n\(label)\n\(escape(option.help))\(option.repeatable ? " (repeatable)" : "")\n"
            }
            if !spec.discussion.isEmpty {
                page += ".PP\n.nf\n" + spec.discussion.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { escape(String($0)) }.joined(separator: "\n") + "\n.fi\n"
            }
        }
        page += """
            .SH EXIT STATUS
            0 success; 1 findings at or above \\fB\\-\\-fail\\-on\\fR; 64 usage error; 65 invalid input data;
            66 input or database missing, or \\fB\\-\\-fail\\-on\\fR with no session to check; 70 internal error;
            74 database or I/O error; 130 interrupted.
            .SH ENVIRONMENT
            .TP
            .B NAVREC_DB
            The database when \\fB\\-\\-db\\fR is not given.
            .TP
            .B NO_COLOR
            When set (to anything but the empty string), reports printed to a terminal are not coloured.
            .TP
            .B TERM
            \\fBdumb\\fR: no colour and no progress lines (\\fB\\-\\-color always\\fR still colours).

            """
        return page
    }

    /// Text safe in roff: backslashes and hyphens escaped, every character outside ASCII written as
    /// groff's `\[uXXXX]` (so the page itself is ASCII and groff does not warn about input
    /// characters), no line starting with a control character.
    private static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            case _ where scalar.isASCII: result.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
        return result
    }
}
