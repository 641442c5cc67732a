import DBus
import RxWidgetsEssentials

/// What a widget's data costs the daemon's heap, as the memory budget
/// counts it (docs/behaviour.md, "Memory"). The figures are the heap's own:
/// a string of more than 15 UTF-8 bytes is a 32-byte header and its bytes
/// rounded up to 16, an array a 32-byte header and its elements' slots; a
/// widget's fixed part was measured on the daemon's resident size (50
/// widgets of each kind, each kind's part within a few percent).
enum Footprint {
    /// An empty picker: its views, proxies and pipelines.
    static let picker = 40 << 10
    /// An empty table, with its data source and diffing pipelines.
    static let table = 60 << 10
    /// A form's own part; each field adds `formField`, each compiled
    /// pattern instruction `patternInstruction`.
    static let form = 64 << 10
    static let formField = 8 << 10
    /// One value of an array's item: besides the value, the form keeps its
    /// path (a string) and, published and latest, its state, validity and
    /// verdict: some eight dictionary entries.
    static let itemValue = 512
    /// A progress: its view, relays and the coalescing of its changes.
    static let progress = 8 << 10
    /// A file chooser's fixed part.
    static let fileChooser = 8 << 10
    static let patternInstruction = 32
    /// One entry of a dictionary: its key's and value's slots and the
    /// table's share.
    static let dictionaryEntry = 64

    /// A string's heap storage beyond the 16 bytes of its slot.
    static func heap(of text: String) -> Int {
        DBusValue.heapBytes(ofText: text.utf8.count)
    }

    /// A string in a slot of its own.
    static func of(_ text: String) -> Int {
        16 + heap(of: text)
    }

    /// A value in an array's slot and what it points to (`DBusValue.footprint`).
    static func of(_ value: DBusValue) -> Int {
        value.footprint
    }

    /// An array of values: its header and every element.
    static func of(_ values: [DBusValue]) -> Int {
        DBusValue.footprint(of: values)
    }

    /// A picker's or a dependent map's rows.
    static func of(_ titles: [String]) -> Int {
        titles.reduce(32) { $0 + of($1) }
    }

    /// A picker's components, each as `of(component:)`.
    static func of(components: [[DBusValue]]) -> Int {
        sum(components.map(of(component:)))
    }

    /// One component of a picker: its slot in the picker's array and its rows.
    static func of(component: [DBusValue]) -> Int {
        8 + of(component)
    }

    /// A picker's components or a table's sections whose parts hold `parts`.
    static func sum(_ parts: [Int]) -> Int {
        parts.reduce(32, +)
    }

    /// A picker's adapter: its format, attributes, view properties and sizes.
    static func of(_ config: PickerAdapterConfig) -> Int {
        let properties = config.attributes.count + config.view.count
        let texts = (config.attributes.values.map(\.description) + config.view.values.map(\.description)).reduce(0) { $0 + heap(of: $1) }
        let keys = (Array(config.attributes.keys) + Array(config.view.keys)).reduce(0) { $0 + heap(of: $1) }
        return heap(of: config.format) + properties * dictionaryEntry + texts + keys + 64 + (config.widths.count + config.rowHeights.count) * 8
    }

    /// One section of a table: its header and rows.
    static func of(section: TableSection) -> Int {
        of(header: section.model.header, rows: section.items)
    }

    /// One section checked and not yet bound, as `of(section:)` counts it bound.
    static func of(header: String, rows: [TableModel]) -> Int {
        rows.reduce(64 + heap(of: header) + 32) { $0 + of($1.value) }
    }

    /// The maps of dependent components.
    static func of(_ dependent: DependentComponents) -> Int {
        dependent.maps.reduce(32) { total, map in
            map.reduce(total + 8 + 32) { $0 + dictionaryEntry + heap(of: $1.key) + of($1.value) }
        }
    }

    /// Components or sections with the footprint of each, measured where
    /// they were made (off the loop, for a bulk call).
    struct Measured<Value: Sendable>: Sendable {
        let value: Value
        let parts: [Int]
    }

    /// A form value.
    static func of(_ value: FieldValue) -> Int {
        switch value {
        case .text(let text): return dictionaryEntry + heap(of: text)
        case .paths(let paths): return dictionaryEntry + of(paths)
        case .bool, .number, .date: return dictionaryEntry
        case .items(let items): return dictionaryEntry + items.reduce(0) { total, item in total + item.values.reduce(dictionaryEntry) { $0 + itemValue + of($1) } }
        }
    }
}
