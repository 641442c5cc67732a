/// A list screen's model (`PickerModel`, `TableModel`) as its runtime drives
/// it: messages in, commands out, lines drawn.
protocol ListModel {
    associatedtype Message
    associatedtype Command
    mutating func update(_ message: Message) -> [Command]
    func view(rows: Int, columns: Int) -> [Line]
    /// The message before a frame on a terminal of `rows`.
    static func layingOut(rows: Int) -> Message
    /// The message of a key on a terminal of `rows`.
    static func pressed(_ key: Key, rows: Int) -> Message
}

/// The part of a list screen's runtime that is the same for every list:
/// laying out and keys become messages, each message's commands are run,
/// then the frame is redrawn. A screen runs its own commands.
protocol ListScreen: InteractiveScreen {
    associatedtype Model: ListModel
    var model: Model { get set }
    var session: Session { get }
    func run(_ commands: [Model.Command])
}

extension ListScreen {
    func layOut(rows: Int, columns: Int) {
        run(model.update(Model.layingOut(rows: rows)))
    }

    func lines(rows: Int, columns: Int) -> [Line] {
        model.view(rows: rows, columns: columns)
    }

    func handle(_ key: Key) {
        dispatch(Model.pressed(key, rows: session.terminal.size.rows))
    }

    func dispatch(_ message: Model.Message) {
        run(model.update(message))
        session.redraw()
    }
}

extension PickerModel: ListModel {
    static func layingOut(rows: Int) -> PickerMessage { .layOut(rows: rows) }
    static func pressed(_ key: Key, rows: Int) -> PickerMessage { .key(key, rows: rows) }
}

extension TableModel: ListModel {
    static func layingOut(rows: Int) -> TableMessage { .layOut(rows: rows) }
    static func pressed(_ key: Key, rows: Int) -> TableMessage { .key(key, rows: rows) }
}
