import DBus
import RxWidgetsEssentials

/// The limits every client is held to; each is settable on the command line.
public struct Limits: Sendable, Equatable {
    /// Widgets alive at once.
    public var widgets = 1_000
    /// Components of a picker, sections of a table.
    public var componentsPerWidget = 64
    /// Columns of a picker's or table's rows (`SetColumns`).
    public var columnsPerWidget = 64
    /// Rows of a widget, all components or sections together.
    public var rowsPerWidget = 2_000_000
    /// Characters of any string a client sends.
    public var stringLength = 65_536
    /// Bytes of a form spec.
    public var specBytes = 1 << 20
    /// Bytes of the file one `LoadItems` reads.
    public var loadBytes = 512 << 20
    /// Rows, old and new together, a table's new items are diffed over for
    /// `ItemsChanged`; past it `Reloaded` (a diff costs ~1.5 µs a row).
    public var diffRows = 50_000
    /// Bytes of any message the daemon sends (a reply or a signal): the
    /// system bus's default `max_message_size`, so no reply or signal gets
    /// the daemon disconnected by a bus that keeps its defaults.
    public var messageBytes = 32 << 20
    /// Bytes of any signal the daemon sends: a signal is broadcast, and a bus
    /// holds a copy for each subscriber until it reads it, counting every
    /// copy against the daemon (past its `max_incoming_bytes` it stops
    /// reading the daemon at all). A property value that would pass it is
    /// announced as invalidated; an event signal that would is not sent.
    public var signalBytes = 1 << 20
    /// Bytes waiting for the bus past which the daemon refuses calls (all
    /// but `Peer`) until the bus takes them.
    public var queuedBytes = 64 << 20
    /// Widgets one uid other than 0 may hold; nil means `widgets`, so that on
    /// a bus where every caller shares one uid the limits agree.
    public var widgetsPerUID: Int?
    /// Prompts one uid other than 0 may have waiting at once: an asker
    /// cannot bury the agents of its uid, or of the uid it asks for.
    public var waitingPromptsPerUID = 64
    /// Bytes all widgets together may hold, as `Footprint` counts them:
    /// their rows, models, maps, specs, values and messages.
    public var memoryBytes = 1 << 30
    /// Bytes the widgets of one uid other than 0 may hold; nil means
    /// `memoryBytes`.
    public var memoryBytesPerUID: Int?
    /// What one form spec may cost beyond its bytes; its string length is
    /// `stringLength`.
    public var formSpec = FormSpecLimits()

    /// Bytes of the longest string any call may hold: a form spec, or
    /// `stringLength` characters of four bytes each. A longer one is
    /// refused by its length before it is read (it could only be refused
    /// after).
    public var inputStringBytes: Int {
        max(specBytes, 4 * stringLength)
    }

    /// What a call may take beyond the data it binds (API rule 8).
    public static let callSlackBytes = 64 << 20

    /// What reading one message or one state file may take of memory where
    /// nothing narrower applies (a client's answer, a file being restored):
    /// all that the widgets together may hold, and a call's slack.
    public var readingBytes: Int {
        memoryBytes + Limits.callSlackBytes
    }

    /// The daemon's calls to clients in flight, as the bus counts them
    /// (`QuestionGate`): a session bus's bounds unless the system bus's.
    public var questions = QuestionGate.Bounds.sessionBus

    /// The quota of one uid other than 0.
    public var widgetQuota: Int {
        widgetsPerUID ?? widgets
    }

    /// The memory budget of one uid other than 0.
    public var memoryQuota: Int {
        memoryBytesPerUID ?? memoryBytes
    }

    /// The budgets a form spec is decoded under.
    var formSpecLimits: FormSpecLimits {
        var limits = formSpec
        limits.stringLength = stringLength
        return limits
    }

    /// The default limits.
    public init() {}
}
