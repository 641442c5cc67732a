import CGtk
import RxWidgetsClient
import RxWidgetsCommandLine

/// `confirm`: the question and a button per answer. A button is the
/// picker's `SelectRow` of that answer and `Done`; the affirmative exits 0,
/// the negative (or Escape, or closing the window) 1.
final class ConfirmWindow {
    private let picker: RemotePicker
    private let dialog: Dialog

    init(picker: RemotePicker, dialog: Dialog, prompt: String, affirmative: String, negative: String, defaultYes: Bool) {
        self.picker = picker
        self.dialog = dialog
        dialog.add(makeLabel(prompt), expands: true)
        dialog.addButton(negative, isDefault: !defaultYes) { [weak self] in self?.answer(yes: false) }
        dialog.addButton(affirmative, isDefault: defaultYes) { [weak self] in self?.answer(yes: true) }
        dialog.onCancel = { [weak self] in self?.answer(yes: false) }
    }

    private func answer(yes: Bool) {
        do {
            try picker.selectRow(yes ? 0 : 1, inComponent: 0)
            try picker.done()
            dialog.finish(yes ? .done("") : .cancelled)
        } catch {
            dialog.fail(error)
        }
    }
}
