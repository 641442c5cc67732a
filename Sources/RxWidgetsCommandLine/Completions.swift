/// Completion scripts for `rxwidgets completions SHELL` (and
/// `rxwidgets-gtk completions SHELL`), made from the command table in
/// `Arguments` for that front end, so they offer exactly what its parser
/// takes. Object paths are completed from `rxwidgets list` on the live bus.
package struct Completions {
    private let frontEnd: FrontEnd
    private let program: String
    private let function: String

    package static func script(for shell: String, frontEnd: FrontEnd = .terminal) -> String {
        let completions = Completions(frontEnd: frontEnd)
        switch shell {
        case "bash": return completions.bash
        case "zsh": return completions.zsh
        default: return completions.fish
        }
    }

    private init(frontEnd: FrontEnd) {
        self.frontEnd = frontEnd
        program = frontEnd == .terminal ? "rxwidgets" : "rxwidgets-gtk"
        function = frontEnd == .terminal ? "_rxwidgets" : "_rxwidgets_gtk"
    }

    private var commands: [String] {
        frontEnd.commands
    }

    private func options(_ command: String) -> String {
        (frontEnd.options(of: command) + ["--address", "--help"]).joined(separator: " ")
    }

    private var bash: String {
        let cases = commands.map { command -> String in
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
        # bash completion for \(program) (\(program) completions bash)
        \(function)() {
            local cur=${COMP_WORDS[COMP_CWORD]} command="" words="" files=0 paths=0 i
            for ((i = 1; i < COMP_CWORD; i++)); do
                case ${COMP_WORDS[i]} in
                    -*) ;;
                    *) command=${COMP_WORDS[i]}; break ;;
                esac
            done
            case $command in
                "") words="\(commands.joined(separator: " ")) --address --help --version" ;;
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
        complete -o filenames -F \(function) \(program)

        """
    }

    private var zsh: String {
        let described = frontEnd.summaries.map { "        '\($0.command):\($0.summary)'" }.joined(separator: "\n")
        let cases = commands.map { command -> String in
            var specs = frontEnd.options(of: command).map { option in
                Arguments.flags.contains(option) ? "'\(option)[\(option.dropFirst(2))]'" : "'\(option)=[\(option.dropFirst(2))]:value:'"
            }
            switch command {
            case "form": specs.append("'1:spec:(\(Arguments.templates.joined(separator: " ")) *.json(-.)):_files -g \"*.json\"'")
            case "attach", "watch": specs.append("'1:object path:\(function)_paths'")
            case "completions": specs.append("'1:shell:(\(Arguments.shells.joined(separator: " ")))'")
            case "choose", "table": specs.append("'*:item:'")
            default: break
            }
            return "        \(command)) _arguments \(specs.joined(separator: " ")) ;;"
        }.joined(separator: "\n")
        return """
        #compdef \(program)
        # zsh completion for \(program) (\(program) completions zsh)
        \(function)_paths() {
            local -a paths
            paths=(${(f)"$(rxwidgets list 2>/dev/null | cut -d' ' -f1)"})
            compadd -a paths
        }
        \(function)() {
            local -a commands
            commands=(
        \(described)
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
        \(function) "$@"

        """
    }

    private var fish: String {
        var lines = [
            "# fish completion for \(program) (\(program) completions fish)",
            "complete -c \(program) -f",
            "complete -c \(program) -l address -r -d 'the bus to use'",
            "complete -c \(program) -l help -d 'help'",
            "complete -c \(program) -l version -d 'version'",
            "complete -c \(program) -n '__fish_use_subcommand' -a '\(commands.joined(separator: " "))'",
        ]
        for command in commands {
            for option in frontEnd.options(of: command) {
                let takesValue = Arguments.flags.contains(option) ? "" : " -r"
                lines.append("complete -c \(program) -n '__fish_seen_subcommand_from \(command)' -l \(option.dropFirst(2))\(takesValue)")
            }
        }
        lines.append("complete -c \(program) -n '__fish_seen_subcommand_from form' -a '\(Arguments.templates.joined(separator: " "))'")
        lines.append("complete -c \(program) -n '__fish_seen_subcommand_from form' -F")
        lines.append("complete -c \(program) -n '__fish_seen_subcommand_from completions' -a '\(Arguments.shells.joined(separator: " "))'")
        lines.append("complete -c \(program) -n '__fish_seen_subcommand_from attach watch' -a '(rxwidgets list 2>/dev/null | string split -f1 \" \")'")
        return lines.joined(separator: "\n") + "\n"
    }
}
