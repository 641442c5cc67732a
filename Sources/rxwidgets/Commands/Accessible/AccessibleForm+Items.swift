import FrontEndCore
import Localization
import RxWidgetsClient
import RxWidgetsCommandLine

extension AccessibleForm {
    /// An array field spoken: how many items it holds, each item's fields
    /// asked in turn under "Label N", then "add another?" until no (or the
    /// array's max); false at end of input.
    func askItems(of field: RemoteForm.Field) throws -> Bool {
        let most = field.maximum.flatMap { try? UInt32(dbusValue: $0) }.map(Int.init) ?? Int.max
        var index = 0
        while true {
            let count = form.values[field.name]?.arrayElements?.count ?? 0
            if index < count {
                tty.say(Prompter.heading("\(field.label) \(index + 1)"))
                for template in field.item {
                    var itemField = template
                    itemField.name = FieldPath(array: field.name, index: index, field: template.name).description
                    guard form.fieldStates[itemField.name].map({ $0.visible && $0.enabled }) ?? true else { continue }
                    guard try ask(itemField) else { return false }
                }
                index += 1
                continue
            }
            guard count < most else { return true }
            // TRANSLATORS: {0} is a list field's label; Enter answers no.
            let question = count == 0 ? tr("Add an item to {0}? (yes or no) [no]: ", field.label) : tr("Add another item to {0}? (yes or no) [no]: ", field.label)
            guard let answer = tty.ask(question) else { return false }
            switch answer.isEmpty ? false : YesOrNo.read(answer) {
            case false?: return true
            case true?: try form.addItem(to: field.name)
            case nil: tty.say(tr("Answer yes or no (y or n)."))
            }
        }
    }
}
