import CGtk
import FrontEndCore
import RxWidgetsClient
import RxWidgetsCommandLine

/// `confirm`: the question and a button per answer, a view of the shared
/// core's `PickerModel` as the terminal's confirm is. A button is the
/// program's choice of that answer (`SelectRow`, then `Done`), and so are
/// y and n (and the language's letters), as in the terminal; Escape or
/// closing the window is the negative. The affirmative exits 0, the
/// negative 1. While the daemon is away an answer waits for it, as the
/// other windows' input does, and the buttons are greyed: it is given.
final class ConfirmWindow {
    private let core: PickerProgram
    private let dialog: Dialog
    private var buttons: [Widget] = []

    init(picker: RemotePicker, dialog: Dialog, prompt: String, affirmative: String, negative: String, defaultYes: Bool) {
        self.dialog = dialog
        core = PickerProgram(picker: picker, host: dialog, purpose: .confirm(affirmative: affirmative, negative: negative), header: nil, height: nil)
        dialog.add(makeLabel(prompt), expands: true)
        buttons = [dialog.addButton(negative, isDefault: !defaultYes) { [weak self] in self?.answer(yes: false) },
                   dialog.addButton(affirmative, isDefault: defaultYes) { [weak self] in self?.answer(yes: true) }]
        dialog.onCancel = { [weak self] in self?.answer(yes: false) }
        dialog.onModelChanged = { [weak self] in self?.render() }
        onKeys(of: dialog.window) { [weak self] key in
            guard let self, case .character(let letter) = key, let yes = YesOrNo.read(String(letter)) else { return false }
            answer(yes: yes)
            return true
        }
    }

    /// The affirmative is the confirmation picker's row 0, the negative row 1.
    private func answer(yes: Bool) {
        if !core.picker.isServed {
            buttons.forEach { gtk_widget_set_sensitive($0, 0) }
        }
        core.program.input(.activated(row: yes ? 0 : 1, component: 0))
    }

    private func render() {
        dialog.say(core.model.status)
        if core.picker.isServed {
            buttons.forEach { gtk_widget_set_sensitive($0, 1) }
        }
    }
}
