import FrontEndCore
import RxWidgetsClient

/// A model the terminal draws.
protocol TerminalDrawn {
    /// The frame for a terminal of `rows` × `columns`; drawing changes nothing.
    func view(rows: Int, columns: Int) -> [Line]
}

/// A screen of the shared front-end core on the terminal: keys go to its
/// program (which applies each after the answers to those before it), and
/// each frame is its model's view.
final class ProgramScreen<Model: ScreenModel & TerminalDrawn>: InteractiveScreen {
    private let program: Program<Model>
    /// What runs the program's commands, kept while the screen is.
    private let performer: AnyObject

    init(_ program: Program<Model>, performer: AnyObject) {
        self.program = program
        self.performer = performer
    }

    func layOut(rows: Int, columns: Int) {
        program.refresh()
    }

    func lines(rows: Int, columns: Int) -> [Line] {
        program.model.view(rows: rows, columns: columns)
    }

    func handle(_ key: Key) {
        program.press(key)
    }
}

extension PickerModel: TerminalDrawn {}
extension TableModel: TerminalDrawn {}
extension FormModel: TerminalDrawn {}

extension ProgramScreen where Model == PickerModel {
    convenience init(picker: RemotePicker, session: Session, purpose: PickerModel.Purpose, header: String?, height: Int?, deadline: PickerModel.Deadline? = nil) {
        let core = PickerProgram(picker: picker, host: session, purpose: purpose, header: header, height: height, deadline: deadline)
        self.init(core.program, performer: core)
    }
}

extension ProgramScreen where Model == TableModel {
    convenience init(table: RemoteTable, session: Session, purpose: TableModel.Purpose, header: String?, height: Int?, limit: Int? = nil, fuzzy: Bool = false,
                     printsIndexes: Bool = false, values: [String]? = nil) {
        let core = TableProgram(table: table, host: session, purpose: purpose, header: header, height: height, limit: limit, fuzzy: fuzzy, printsIndexes: printsIndexes, values: values)
        self.init(core.program, performer: core)
    }
}

extension ProgramScreen where Model == FormModel {
    convenience init(form: RemoteForm, session: Session, purpose: FormModel.Purpose, header: String?, showsOutputs: Bool = false) {
        let core = FormProgram(form: form, host: session, purpose: purpose, header: header, showsOutputs: showsOutputs)
        self.init(core.program, performer: core)
    }
}
