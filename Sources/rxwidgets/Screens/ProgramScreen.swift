import FrontEndCore
import RxWidgetsClient

/// A model the terminal draws.
protocol TerminalDrawn: ScreenModel {
    /// The frame for a terminal of `rows` × `columns`; drawing changes nothing.
    func view(rows: Int, columns: Int) -> [Line]
    /// What a click at a cell of that frame is: the input it makes, if any.
    func clicked(row: Int, column: Int, rows: Int, columns: Int) -> Message?
}

extension TerminalDrawn {
    func clicked(row: Int, column: Int, rows: Int, columns: Int) -> Message? { nil }
}

/// A screen of the shared front-end core on the terminal: keys go to its
/// program (which applies each after the answers to those before it), and
/// each frame is its model's view.
final class ProgramScreen<Model: TerminalDrawn>: InteractiveScreen {
    private let program: Program<Model>
    private let session: Session
    /// What runs the program's commands, kept while the screen is.
    private let performer: AnyObject

    init(_ program: Program<Model>, session: Session, performer: AnyObject) {
        self.program = program
        self.session = session
        self.performer = performer
    }

    func layOut(rows: Int, columns: Int) {
        program.refresh()
    }

    func lines(rows: Int, columns: Int) -> [Line] {
        program.model.view(rows: rows, columns: columns)
    }

    /// A key, or a click as what the frame shows where it fell — judged
    /// against the frame the person saw, the model's state when it comes.
    func handle(_ key: Key) {
        guard case .click(let row, let column) = key else { return program.press(key) }
        let size = session.terminal.size
        if let input = program.model.clicked(row: row, column: column, rows: size.rows, columns: size.columns) {
            program.input(input)
        }
    }
}

extension PickerModel: TerminalDrawn {}
extension TableModel: TerminalDrawn {}
extension FormModel: TerminalDrawn {}

extension ProgramScreen where Model == PickerModel {
    convenience init(picker: RemotePicker, session: Session, purpose: PickerModel.Purpose, header: String?, height: Int?) {
        let core = PickerProgram(picker: picker, host: session, purpose: purpose, header: header, height: height)
        self.init(core.program, session: session, performer: core)
    }
}

extension ProgramScreen where Model == TableModel {
    convenience init(table: RemoteTable, session: Session, purpose: TableModel.Purpose, header: String?, height: Int?, limit: Int? = nil, fuzzy: Bool = false,
                     printsIndexes: Bool = false, values: [String]? = nil, searchesDescriptions: Bool = false) {
        let core = TableProgram(table: table, host: session, purpose: purpose, header: header, height: height, limit: limit, fuzzy: fuzzy, printsIndexes: printsIndexes, values: values,
                                searchesDescriptions: searchesDescriptions)
        self.init(core.program, session: session, performer: core)
    }
}

extension ProgramScreen where Model == FormModel {
    convenience init(form: RemoteForm, session: Session, purpose: FormModel.Purpose, header: String?, showsOutputs: Bool = false) {
        let core = FormProgram(form: form, host: session, purpose: purpose, header: header, showsOutputs: showsOutputs)
        self.init(core.program, session: session, performer: core)
    }
}
