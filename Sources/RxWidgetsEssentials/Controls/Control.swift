/// The headless `UIControl`: it sends events to the actions registered for
/// them, as a front end's gestures would.
open class Control: View {
    /// The events a control sends.
    public struct Event: OptionSet, Hashable, Sendable {
        /// The event bits.
        public let rawValue: UInt

        /// Events with these bits.
        public init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        /// A tap that ended inside the control.
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// The control's value changed.
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// Editing began in a text control.
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        /// The text changed while editing.
        public static let editingChanged = Event(rawValue: 1 << 17)
        /// Editing ended in a text control.
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        /// Every editing event.
        public static let allEditingEvents: Event = [.editingDidBegin, .editingChanged, .editingDidEnd]
    }

    /// The states a control's look depends on.
    public struct State: OptionSet, Hashable, Sendable {
        /// The state bits.
        public let rawValue: UInt

        /// A state with these bits.
        public init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        /// The normal state.
        public static let normal: State = []
        /// Being touched.
        public static let highlighted = State(rawValue: 1 << 0)
        /// Disabled.
        public static let disabled = State(rawValue: 1 << 1)
        /// Selected.
        public static let selected = State(rawValue: 1 << 2)
    }

    /// Whether the control takes input.
    open var isEnabled = true
    /// Whether the control is selected.
    open var isSelected = false
    /// Whether a touch or a front end's pointer is down on the control.
    open var isHighlighted = false

    private var actions: [(id: Int, events: Event, handler: (Control) -> Void)] = []
    private var nextActionID = 0

    /// A control with no actions.
    public override init() {
        super.init()
    }

    /// The control's state.
    open var state: State {
        var state = State.normal
        if !isEnabled {
            state.insert(.disabled)
        }
        if isSelected {
            state.insert(.selected)
        }
        if isHighlighted {
            state.insert(.highlighted)
        }
        return state
    }

    /// Calls `handler` whenever the control sends any of `events`, until the
    /// result is disposed.
    public func addAction(for events: Event, handler: @escaping (Control) -> Void) -> Disposable {
        let id = nextActionID
        nextActionID += 1
        actions.append((id, events, handler))
        return Disposables.create { [weak self] in
            self?.actions.removeAll { $0.id == id }
        }
    }

    /// Sends `events` to the actions registered for them, in registration order.
    public func sendActions(for events: Event) {
        for action in actions where !action.events.isDisjoint(with: events) {
            action.handler(self)
        }
    }

    /// The enabled flag and the view's properties.
    open override var viewDescription: [String: AttributeValue] {
        var description = super.viewDescription
        description["isEnabled"] = .bool(isEnabled)
        return description
    }
}
