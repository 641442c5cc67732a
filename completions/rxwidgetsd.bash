# bash completion for rxwidgetsd: its options, read from its own --help.
_rxwidgetsd() {
    local cur=${COMP_WORDS[COMP_CWORD]} previous=${COMP_WORDS[COMP_CWORD-1]}
    case $previous in
        --print-introspection|--state-dir) COMPREPLY=($(compgen -d -- "$cur")); return ;;
    esac
    COMPREPLY=($(compgen -W "$(rxwidgetsd --help 2>/dev/null | grep -o -- '--[a-z-]*' | sort -u)" -- "$cur"))
}
complete -o filenames -F _rxwidgetsd rxwidgetsd
