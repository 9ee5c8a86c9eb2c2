internal import Foundation

/// Shell completion scripts for bash, zsh and fish, generated from the commands' ``CommandSpec``s
/// (the declarations `--help` prints), so they never drift from what navrec accepts.
public enum ShellCompletions {
    /// The shells a script can be generated for.
    public static let shells = ["bash", "zsh", "fish"]

    /// The script for `shell`, or `nil` for a shell navrec does not know.
    public static func script(for shell: String, specs: [CommandSpec]) -> String? {
        switch shell {
        case "bash": bash(specs)
        case "zsh": zsh(specs)
        case "fish": fish(specs)
        default: nil
        }
    }

    private static func options(_ spec: CommandSpec) -> [OptionSpec] {
        spec.options + [.flag("help", short: "h", "Show this help.")]
    }

    /// The shell command that prints what a dynamic completion offers, one per line, with the
    /// `--db` the command line names (`DB` is the shell's expansion of it).
    private static func dynamicCommand(_ kind: ArgumentCompletion, db: String) -> String? {
        switch kind {
        case .sessions:
            "navrec query 'select id from sessions order by session_key' --format csv \(db) 2>/dev/null | tr -d '\\r' | tail -n +2"
        case .queries:
            "navrec query --list --format csv 2>/dev/null | tr -d '\\r' | tail -n +2 | cut -d, -f1"
        case .files, .words: nil
        }
    }

    private static func bash(_ specs: [CommandSpec]) -> String {
        var script = """
            # bash completion for navrec: source it, or save it as
            # /usr/share/bash-completion/completions/navrec (navrec completions bash > …).
            # Option values complete to their choices (--format, --fail-on, …), paths to files;
            # session ids and query names are asked of navrec (with the --db on the line).
            _navrec_dynamic() {
                local db=() i
                for ((i = 2; i < COMP_CWORD; i++)); do
                    [[ "${COMP_WORDS[i]}" == --db ]] && db=(--db "${COMP_WORDS[i+1]}")
                done
                case "$1" in
                    sessions) \(dynamicCommand(.sessions, db: "\"${db[@]}\"") ?? "") ;;
                    queries) \(dynamicCommand(.queries, db: "") ?? "") ;;
                esac
            }
            _navrec() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" opts="" first="" rest="" i
                if [ "$COMP_CWORD" -eq 1 ]; then
                    COMPREPLY=( $(compgen -W "\(specs.map(\.name).joined(separator: " ")) help --help --version" -- "$cur") )
                    return
                fi
                case "${COMP_WORDS[1]} $prev" in

            """
        for spec in specs {
            for option in spec.options where option.valueName != nil {
                let action = !option.choices.isEmpty ? "COMPREPLY=( $(compgen -W \"\(option.choices.joined(separator: " "))\" -- \"$cur\") )"
                    : option.takesPath ? "COMPREPLY=( $(compgen -f -- \"$cur\") )" : "COMPREPLY=()"
                script += "        \"\(spec.name) --\(option.name)\") \(action); return ;;\n"
            }
        }
        script += """
                esac
                case "${COMP_WORDS[1]}" in

            """
        for spec in specs {
            let names = options(spec).map { "--\($0.name)" }.joined(separator: " ")
            script += "        \(spec.name)) opts=\"\(names)\""
            if let first = spec.positionals.first { script += " first=\"\(bashKind(first))\"" }
            if let last = spec.positionals.last { script += " rest=\"\(bashKind(last))\"" }
            script += " ;;\n"
        }
        script += """
                    help) COMPREPLY=( $(compgen -W "\(specs.map(\.name).joined(separator: " "))" -- "$cur") ); return ;;
                esac
                if [[ "$cur" == -* ]]; then
                    COMPREPLY=( $(compgen -W "$opts" -- "$cur") )
                    return
                fi
                # The first positional's kind until a word of it was given (tune's parameter), then the rest's.
                local kind="$first"
                if [[ "$first" == words:* ]]; then
                    for ((i = 2; i < COMP_CWORD; i++)); do
                        [[ " ${first#words:} " == *" ${COMP_WORDS[i]} "* ]] && kind="$rest"
                    done
                fi
                case "$kind" in
                    files) COMPREPLY=( $(compgen -f -- "$cur") ) ;;
                    sessions) local IFS=$'\\n'; COMPREPLY=( $(compgen -W "$(_navrec_dynamic sessions)" -- "$cur") ) ;;
                    queries) local IFS=$'\\n'; COMPREPLY=( $(compgen -W "$(_navrec_dynamic queries)" -- "$cur") $(compgen -f -- "$cur") ) ;;
                    words:*) COMPREPLY=( $(compgen -W "${kind#words:}" -- "$cur") ) ;;
                    *) COMPREPLY=() ;;
                esac
            }
            complete -o filenames -F _navrec navrec

            """
        return script
    }

    /// A positional kind as the bash script's case label.
    private static func bashKind(_ kind: ArgumentCompletion) -> String {
        switch kind {
        case .files: "files"
        case .sessions: "sessions"
        case .queries: "queries"
        case .words(let words): "words:" + words.joined(separator: " ")
        }
    }

    private static func zsh(_ specs: [CommandSpec]) -> String {
        var script = """
            #compdef navrec
            # zsh completion for navrec: save as _navrec in a directory of $fpath (navrec completions zsh > …).
            _navrec_dynamic() {
                local -a db values
                local i
                for ((i = 3; i < CURRENT; i++)); do
                    [[ $words[i] == --db ]] && db=(--db $words[i+1])
                done
                case $1 in
                    sessions) values=(${(f)"$(\(dynamicCommand(.sessions, db: "$db") ?? ""))"}) ;;
                    queries) values=(${(f)"$(\(dynamicCommand(.queries, db: "") ?? ""))"}) ;;
                esac
                compadd -a values
            }
            _navrec() {
                local -a commands
                commands=(

            """
        for spec in specs { script += "        '\(spec.name):\(zshQuoted(spec.abstract))'\n" }
        script += """
                )
                if (( CURRENT == 2 )); then
                    _describe 'command' commands
                    return
                fi
                case $words[2] in

            """
        for spec in specs {
            script += "        \(spec.name))\n            _arguments \\\n"
            for option in options(spec) {
                var value = ""
                if let valueName = option.valueName {
                    let action = !option.choices.isEmpty ? "(\(option.choices.joined(separator: " ")))" : option.takesPath ? "_files" : " "
                    value = ":\(valueName.lowercased()):\(action)"
                }
                let repeatable = option.repeatable ? "*" : ""
                script += "                '\(repeatable)--\(option.name)[\(zshQuoted(option.help))]\(value)' \\\n"
            }
            for (index, kind) in spec.positionals.enumerated() {
                let position = index == spec.positionals.count - 1 ? "*" : String(index + 1)
                script += "                '\(position):\(zshKind(kind))' \\\n"
            }
            script += "                && return ;;\n"
        }
        script += """
                esac
            }
            _navrec "$@"

            """
        return script
    }

    /// A positional kind as an `_arguments` message and action.
    private static func zshKind(_ kind: ArgumentCompletion) -> String {
        switch kind {
        case .files: "file:_files"
        case .sessions: "session:_navrec_dynamic sessions"
        case .queries: "query:_navrec_dynamic queries"
        case .words(let words): "value:(\(words.joined(separator: " ")))"
        }
    }

    private static func fish(_ specs: [CommandSpec]) -> String {
        var script = """
            # fish completion for navrec: save as ~/.config/fish/completions/navrec.fish (navrec completions fish > …).
            complete -c navrec -f
            function __navrec_dynamic
                set -l tokens (commandline -opc)
                set -l db
                set -l index (contains -i -- --db $tokens)
                and test (count $tokens) -gt $index
                and set db --db $tokens[(math $index + 1)]
                switch $argv[1]
                    case sessions
                        \(dynamicCommand(.sessions, db: "$db") ?? "")
                    case queries
                        \(dynamicCommand(.queries, db: "") ?? "")
                end
            end

            """
        for spec in specs {
            script += "complete -c navrec -n __fish_use_subcommand -a \(spec.name) -d \(fishQuoted(spec.abstract))\n"
        }
        for spec in specs {
            for option in options(spec) {
                var line = "complete -c navrec -n '__fish_seen_subcommand_from \(spec.name)' -l \(option.name)"
                if let short = option.short { line += " -s \(short)" }
                if option.valueName != nil {
                    line += !option.choices.isEmpty ? " -x -a \(fishQuoted(option.choices.joined(separator: " ")))"
                        : option.takesPath ? " -r -F" : " -x"
                }
                script += line + " -d \(fishQuoted(option.help))\n"
            }
            // fish offers every positional kind at once; the words (tune's parameter) come first.
            for kind in spec.positionals {
                let condition = "-n '__fish_seen_subcommand_from \(spec.name); and not string match -q -- \"-*\" (commandline -ct)'"
                switch kind {
                case .files: script += "complete -c navrec \(condition) -F\n"
                case .sessions: script += "complete -c navrec \(condition) -a '(__navrec_dynamic sessions)'\n"
                case .queries: script += "complete -c navrec \(condition) -F -a '(__navrec_dynamic queries)'\n"
                case .words(let words): script += "complete -c navrec \(condition) -a \(fishQuoted(words.joined(separator: " ")))\n"
                }
            }
        }
        return script
    }

    /// Text inside a single-quoted zsh spec: quotes closed and reopened, brackets and colons escaped.
    private static func zshQuoted(_ text: String) -> String {
        text.replacingOccurrences(of: "'", with: "'\\''").replacingOccurrences(of: "[", with: "\\[")
            .replacingOccurrences(of: "]", with: "\\]").replacingOccurrences(of: ":", with: "\\:")
    }

    private static func fishQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
