/// Completion scripts for `rxwidgets completions SHELL`, made from the
/// command table in `Arguments`, so they offer exactly what the parser takes.
/// Object paths are completed from `rxwidgets list` on the live bus.
package enum Completions {
    package static func script(for shell: String) -> String {
        switch shell {
        case "bash": return bash
        case "zsh": return zsh
        default: return fish
        }
    }

    private static func options(_ command: String) -> String {
        (Arguments.options[command, default: []] + ["--address", "--help"]).joined(separator: " ")
    }

    private static var bash: String {
        let cases = Arguments.commands.map { command -> String in
            let words: String
            switch command {
            case "form": words = "\(options(command)) \(Arguments.templates.joined(separator: " "))"
            case "completions": words = Arguments.shells.joined(separator: " ")
            default: words = options(command)
            }
            var body = "words=\"\(words)\""
            if command == "form" { body += "; files=1" }
            if command == "attach" || command == "watch" { body += "; paths=1" }
            return "        \(command)) \(body) ;;"
        }.joined(separator: "\n")
        return """
        # bash completion for rxwidgets (rxwidgets completions bash)
        _rxwidgets() {
            local cur=${COMP_WORDS[COMP_CWORD]} command="" words="" files=0 paths=0 i
            for ((i = 1; i < COMP_CWORD; i++)); do
                case ${COMP_WORDS[i]} in
                    -*) ;;
                    *) command=${COMP_WORDS[i]}; break ;;
                esac
            done
            case $command in
                "") words="\(Arguments.commands.joined(separator: " ")) --address --help --version" ;;
        \(cases)
            esac
            COMPREPLY=($(compgen -W "$words" -- "$cur"))
            if [ "$paths" = 1 ] && [ "${cur#-}" = "$cur" ]; then
                COMPREPLY+=($(compgen -W "$(rxwidgets list 2>/dev/null | cut -d' ' -f1)" -- "$cur"))
            fi
            if [ "$files" = 1 ]; then
                # JSON specs, and the directories on the way to them.
                COMPREPLY+=($(compgen -f -X '!*.json' -- "$cur") $(compgen -d -- "$cur"))
            fi
        }
        complete -o filenames -F _rxwidgets rxwidgets

        """
    }

    private static var zsh: String {
        let commands = Arguments.summaries.map { "        '\($0.command):\($0.summary)'" }.joined(separator: "\n")
        let cases = Arguments.commands.map { command -> String in
            var specs = Arguments.options[command, default: []].map { option in
                Arguments.flags.contains(option) ? "'\(option)[\(option.dropFirst(2))]'" : "'\(option)=[\(option.dropFirst(2))]:value:'"
            }
            switch command {
            case "form": specs.append("'1:spec:(\(Arguments.templates.joined(separator: " ")) *.json(-.)):_files -g \"*.json\"'")
            case "attach", "watch": specs.append("'1:object path:_rxwidgets_paths'")
            case "completions": specs.append("'1:shell:(\(Arguments.shells.joined(separator: " ")))'")
            case "choose", "table": specs.append("'*:item:'")
            default: break
            }
            return "        \(command)) _arguments \(specs.joined(separator: " ")) ;;"
        }.joined(separator: "\n")
        return """
        #compdef rxwidgets
        # zsh completion for rxwidgets (rxwidgets completions zsh)
        _rxwidgets_paths() {
            local -a paths
            paths=(${(f)"$(rxwidgets list 2>/dev/null | cut -d' ' -f1)"})
            compadd -a paths
        }
        _rxwidgets() {
            local -a commands
            commands=(
        \(commands)
            )
            _arguments '--address=[the bus]:address:' '(- *)--help[help]' '(- *)--version[version]' '1:command:->command' '*::argument:->argument'
            case $state in
                command) _describe command commands ;;
                argument)
                    case $words[1] in
        \(cases.split(separator: "\n").map { "            " + $0 }.joined(separator: "\n"))
                    esac ;;
            esac
        }
        _rxwidgets "$@"

        """
    }

    private static var fish: String {
        var lines = [
            "# fish completion for rxwidgets (rxwidgets completions fish)",
            "complete -c rxwidgets -f",
            "complete -c rxwidgets -l address -r -d 'the bus to use'",
            "complete -c rxwidgets -l help -d 'help'",
            "complete -c rxwidgets -l version -d 'version'",
            "complete -c rxwidgets -n '__fish_use_subcommand' -a '\(Arguments.commands.joined(separator: " "))'",
        ]
        for command in Arguments.commands {
            for option in Arguments.options[command, default: []] {
                let takesValue = Arguments.flags.contains(option) ? "" : " -r"
                lines.append("complete -c rxwidgets -n '__fish_seen_subcommand_from \(command)' -l \(option.dropFirst(2))\(takesValue)")
            }
        }
        lines.append("complete -c rxwidgets -n '__fish_seen_subcommand_from form' -a '\(Arguments.templates.joined(separator: " "))'")
        lines.append("complete -c rxwidgets -n '__fish_seen_subcommand_from form' -F")
        lines.append("complete -c rxwidgets -n '__fish_seen_subcommand_from completions' -a '\(Arguments.shells.joined(separator: " "))'")
        lines.append("complete -c rxwidgets -n '__fish_seen_subcommand_from attach watch' -a '(rxwidgets list 2>/dev/null | string split -f1 \" \")'")
        return lines.joined(separator: "\n") + "\n"
    }
}
