# fish completion for rxwidgetsd: its options, read from its own --help.
complete -c rxwidgetsd -f -a "(rxwidgetsd --help 2>/dev/null | string match -ar -- '--[a-z-]+' | sort -u)"
