import RxWidgetsCommandLine

/// `rxwidgets-gtk --help`: its commands are those of `rxwidgets` that show a
/// widget, with the same arguments, results and exit statuses, and the
/// desktop's `agent`.
enum GtkUsage {
    static let usage = """
    Usage: rxwidgets-gtk [--address ADDR] COMMAND [OPTIONS] [ARGUMENTS]

    The widgets of rxwidgetsd in GTK 4 windows: the same commands, arguments,
    results on standard output and exit statuses as rxwidgets, so a script
    can switch front ends by name (or set RXWIDGETS_FRONTEND=gtk for
    rxwidgets itself).

    Commands:
      choose, pick, table, form, input, write, confirm, progress, attach
                 as in rxwidgets (rxwidgets help COMMAND); each opens a window
      file       as in rxwidgets, in GTK's own file chooser (the desktop's
                 portal inside a sandbox)
      agent [--watch]
                 answers waiting prompts (a question asked without a
                 terminal) until SIGTERM or Ctrl-C ends it (exit 0): each
                 gets a desktop notification whose Answer opens its window,
                 or the window at once when no notification server is on
                 the bus; Done, a choice or Submit there answers it. It
                 always watches (--watch is taken as rxwidgets takes it);
                 one agent runs per session
      completions (bash | zsh | fish)
      help [COMMAND]

    Window options (every command that opens one):
      --title TEXT    the window's title
      --width PIXELS  its width (100 to 10000)
      --height N      its height in pixels

    Keys: Tab between controls, arrows in lists, typing searches a list,
    Space toggles a row of a multiple choice, Enter is Done or Submit from
    every control, Escape clears the search or cancels. Keys typed ahead of
    the daemon's answers are applied in order, as if typed slowly.

    Exit status: 0 chosen or submitted (confirm: the affirmative), 1 cancelled
    (Escape, Cancel, the window closed; confirm: the negative), 2 usage error
    or no display, 3 no daemon or a D-Bus error, 4 the widget shown was
    destroyed (attach), 128+N killed by signal N.
    """

    static func usage(of command: String) -> String {
        let synopsis = "Usage: rxwidgets-gtk \(command) \(FrontEnd.gtk.options(of: command).map { "[\($0)]" }.joined(separator: " "))\n\n"
        guard command == "agent" else {
            return synopsis + "As 'rxwidgets \(command)' (see 'rxwidgets help \(command)'), in a window."
        }
        let lines = usage.components(separatedBy: "\n")
        let start = lines.firstIndex { $0.hasPrefix("  agent ") } ?? 0
        return synopsis + lines[(start + 1)...].prefix { $0.hasPrefix("   ") }.map { String($0.drop { $0 == " " }) }.joined(separator: "\n")
    }
}
