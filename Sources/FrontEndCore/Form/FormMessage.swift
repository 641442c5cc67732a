import RxWidgetsClient
import RxWidgetsCommandLine

/// What happens to a form screen: a key, or news from the daemon.
package enum FormMessage {
    /// A key the person pressed.
    case key(Key)
    /// What a window's entry for `field` holds now, as the person typed it.
    case edited(field: String, text: String)
    /// A window's control of `field` set to `value` (a switch, an option, a slider, a date).
    case chose(field: String, value: DBusValue)
    /// A window's button of a choice pressed.
    case tapped(field: String, button: String)
    /// A window's stepper moved one step up or down.
    case stepped(field: String, up: Bool)
    /// A window's Submit (its button, or Enter in any control): Next on a
    /// page before the last.
    case submitRequested
    /// A window's Back: the page before this one.
    case previousPageRequested
    /// A window's add, remove or move button of an array's items: the
    /// `addItem`, `removeItem` or `moveItem` call it makes.
    case itemsEdited(FormCall)
    /// The daemon's state changed (any property, after its events).
    case daemonChanged(FormSnapshot)
    /// `ValueChanged`: a field's new value, this front end's own or another's.
    case valueHeard(field: String, value: DBusValue)
    /// A call was answered: nil on success, else the daemon's refusal.
    case answered(FormCall, error: FormRefusal?)
    /// The owner's `GetValue` of a secret field.
    case secretRead(field: String, text: String)
    /// A daemon serves the form again (restarted, upgraded, or another that
    /// took it over with `--replace`): it has every value but the secrets,
    /// which are never written down.
    case daemonReplaced
    /// A successful `Submit`'s values.
    case submitted([String: DBusValue])
    /// The text throttle's interval ended.
    case throttleEnded
    /// The spinner of pending checks turns.
    case spinnerTick
    /// A folder the file browser asked for, as this process could list it.
    case folderListed(folder: String, entries: [FileModel.Entry], error: String?)
    /// Whether a path the file browser would save to exists.
    case existence(path: String, exists: Bool)
}

/// A typed call a gesture maps to.
package enum FormCall: Equatable {
    /// Why a value is sent: the answer is handled by what it was.
    package enum Sending: Equatable {
        /// Typed text (echoes are told apart from others' changes).
        case text
        /// A whole date.
        case date
        /// Anything else: a switch, an option.
        case plain
    }

    case setValue(field: String, value: DBusValue, Sending)
    case tap(field: String, button: String)
    case increment(String)
    case decrement(String)
    case commit(String)
    case nextPage
    case previousPage
    case addItem(String)
    case removeItem(field: String, index: Int)
    case moveItem(field: String, from: Int, to: Int)
    case submit

    /// The field whose message shows a refusal; nil for the status line.
    package var field: String? {
        switch self {
        case .setValue(let field, _, _), .tap(let field, _): return field
        case .commit(let field), .addItem(let field), .removeItem(let field, _), .moveItem(let field, _, _): return field
        case .increment, .decrement, .submit, .nextPage, .previousPage: return nil
        }
    }
}

/// What an update asks the screen's runtime to do.
package enum FormCommand: Equatable {
    /// Whether it is a call the daemon answers (with `.answered` or `.submitted`).
    var isCall: Bool {
        if case .call = self { return true }
        return false
    }

    /// Make the call (without blocking); its answer comes back as `.answered`.
    case call(FormCall)
    /// Read a secret field's value (the owner's `GetValue`).
    case readSecret(String)
    /// Hold further text sends for the text interval (`FormModel.textInterval` unless the program was given another), then send `.throttleEnded`.
    case startThrottle
    /// End the session.
    case finish(FinishedForm)
    /// List a folder for the file browser (the empty path: the working
    /// directory); the answer comes back as `.folderListed`.
    case listFolder(String)
    /// Ask whether a path exists; the answer comes back as `.existence`.
    case checkExists(String)
}

/// How a form screen ends.
package enum FinishedForm: Equatable {
    /// Printed on standard output, then exit 0.
    case done(String)
    /// Esc or q: exit 1 (`attach`: 0, with nothing printed).
    case cancelled
}

/// The daemon's refusal of a call: its error's name, which says what kind
/// of refusal it is whatever language the form speaks, and its message,
/// which is English (the daemon's errors are a program author's words).
package struct FormRefusal: Equatable, Sendable {
    package var name: String
    package var message: String

    package init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    /// Whether the daemon refused because fields are not valid (Submit, Next).
    var isValidationFailure: Bool {
        name.hasSuffix(".ValidationFailed")
    }
}
