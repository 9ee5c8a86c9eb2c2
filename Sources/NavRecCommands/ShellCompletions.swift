internal import Foundation

/// Shell completion scripts for bash, zsh and fish, generated from the commands' ``CommandSpec``s
/// (the declarations `--help` prints), so they never drift from what navrec accepts.
enum ShellCompletions {
    /// The shells a script can be generated for.
    static let shells = ["bash", "zsh", "fish"]

    /// The script for `shell`, or `nil` for a shell navrec does not know.
    static func script(for shell: String, specs: [CommandSpec]) -> String? {
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

    private static func bash(_ specs: [CommandSpec]) -> String {
        var script = """
            # bash completion for navrec: source it, or save it as
            # /usr/share/bash-completion/completions/navrec (navrec completions bash > …).
            _navrec() {
                local cur="${COMP_WORDS[COMP_CWORD]}" opts=""
                if [ "$COMP_CWORD" -eq 1 ]; then
                    COMPREPLY=( $(compgen -W "\(specs.map(\.name).joined(separator: " ")) help --help --version" -- "$cur") )
                    return
                fi
                case "${COMP_WORDS[1]}" in

            """
        for spec in specs {
            let names = options(spec).map { "--\($0.name)" }.joined(separator: " ")
            script += "        \(spec.name)) opts=\"\(names)\" ;;\n"
        }
        script += """
                    help) COMPREPLY=( $(compgen -W "\(specs.map(\.name).joined(separator: " "))" -- "$cur") ); return ;;
                esac
                if [[ "$cur" == -* ]]; then
                    COMPREPLY=( $(compgen -W "$opts" -- "$cur") )
                else
                    COMPREPLY=( $(compgen -f -- "$cur") )
                fi
            }
            complete -o filenames -F _navrec navrec

            """
        return script
    }

    private static func zsh(_ specs: [CommandSpec]) -> String {
        var script = """
            #compdef navrec
            # zsh completion for navrec: save as _navrec in a directory of $fpath (navrec completions zsh > …).
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
                let value = option.valueName.map { ":\($0.lowercased()):" + ($0 == "FILE" || $0 == "PATH" ? "_files" : " ") } ?? ""
                let repeatable = option.repeatable ? "*" : ""
                script += "                '\(repeatable)--\(option.name)[\(zshQuoted(option.help))]\(value)' \\\n"
            }
            script += "                '*:file:_files' ;;\n"
        }
        script += """
                esac
            }
            _navrec "$@"

            """
        return script
    }

    private static func fish(_ specs: [CommandSpec]) -> String {
        var script = """
            # fish completion for navrec: save as ~/.config/fish/completions/navrec.fish (navrec completions fish > …).
            complete -c navrec -f

            """
        for spec in specs {
            script += "complete -c navrec -n __fish_use_subcommand -a \(spec.name) -d \(fishQuoted(spec.abstract))\n"
        }
        for spec in specs {
            for option in options(spec) {
                var line = "complete -c navrec -n '__fish_seen_subcommand_from \(spec.name)' -l \(option.name)"
                if let short = option.short { line += " -s \(short)" }
                if option.valueName != nil { line += " -r" + (option.valueName == "FILE" || option.valueName == "PATH" ? " -F" : "") }
                script += line + " -d \(fishQuoted(option.help))\n"
            }
            if spec.takesArguments { script += "complete -c navrec -n '__fish_seen_subcommand_from \(spec.name)' -F\n" }
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
