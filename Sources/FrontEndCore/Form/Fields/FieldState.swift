import RxWidgetsClient

/// What a form screen keeps of one field between keys, beyond the daemon's
/// value — as a huh field keeps its own: whether the person has left it,
/// the message of an input that was refused, and its component's own part
/// (`FieldComponent.State`: a choice's cursor, a secret's text).
package struct FieldState {
    /// Whether the person has left the field (every field, once Submit was
    /// tried): "please fill in this field" waits for it.
    package var wasLeft = false
    /// Why the last input into the field was refused (a malformed date, a
    /// number that is not one); it goes when the daemon takes a value.
    package var refusal: String?
    /// The component's own part; nil until the component first keeps something.
    fileprivate var own: (any FieldComponentState)?

    package init() {}
}

/// What a component keeps of one field between keys.
package protocol FieldComponentState: Equatable, Sendable {
    /// The state of a field the person has not touched yet.
    init()
}

/// A component that keeps nothing of its own beyond `FieldState`.
package struct NoOwnState: FieldComponentState {
    package init() {}
}

/// Each field's `FieldState` on a screen, by field name or item path (`addresses[2].city`).
package struct FieldStates {
    private var byName: [String: FieldState] = [:]

    package init() {}

    /// `name`'s state; a field never touched has the initial one.
    package subscript(name: String) -> FieldState {
        get { byName[name] ?? FieldState() }
        set { byName[name] = newValue }
    }

    /// The part of `name`'s state that `component` keeps.
    package subscript<Component: FieldComponent>(_ component: Component.Type, name name: String) -> Component.State {
        get { byName[name]?.own as? Component.State ?? Component.State() }
        set { byName[name, default: FieldState()].own = newValue }
    }

    /// The person has left each of `names` (a page turned, Submit tried).
    package mutating func leave(_ names: some Sequence<String>) {
        for name in names {
            byName[name, default: FieldState()].wasLeft = true
        }
    }

    /// The fields whose state `component` keeps something in, by name, in name order.
    package func kept<Component: FieldComponent>(by component: Component.Type) -> [(name: String, state: Component.State)] {
        byName.keys.sorted().compactMap { name in
            (byName[name]?.own as? Component.State).map { (name, $0) }
        }
    }

    /// Forgets what is kept under `array`'s item paths: once items are
    /// removed, moved or replaced, a path names another item.
    package mutating func forgetItems(of array: String) {
        let prefix = array + "["
        byName = byName.filter { !$0.key.hasPrefix(prefix) }
    }
}
