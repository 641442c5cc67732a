import DBus
import RxWidgets

extension WidgetService {
    /// `org.rxwidgets.Widgets1.Manager`: creates and destroys widgets.
    static let managerDeclaration = InterfaceDeclaration<WidgetService>(WidgetService.managerInterface, documentation: managerDocumentation, methods: [
        MethodDeclaration("CreatePicker", in: [Argument("name", .string), Argument("options", "a{sv}")], out: [Argument("widget", .objectPath)]) { service, call in
            try service.create(.picker, call, optionTypes: PickerWidget.optionTypes) { name, options, creator in
                try PickerWidget(name: name, options: options, creator: creator, context: service.context)
            }
        },
        MethodDeclaration("CreateTable", in: [Argument("name", .string), Argument("options", "a{sv}")], out: [Argument("widget", .objectPath)]) { service, call in
            try service.create(.table, call, optionTypes: TableWidget.optionTypes) { name, options, creator in
                try TableWidget(name: name, options: options, creator: creator, context: service.context)
            }
        },
        MethodDeclaration("CreateForm", in: [Argument("name", .string), Argument("spec", .string), Argument("options", "a{sv}")], out: [Argument("widget", .objectPath)]) { service, call in
            let spec: String = try call.argument("spec")
            return try service.create(.form, call, optionTypes: FormWidget.optionTypes) { name, options, creator in
                try FormWidget(name: name, spec: spec, options: options, creator: creator, context: service.context)
            }
        },
        MethodDeclaration("Destroy", in: [Argument("widget", .objectPath)]) { service, call in
            let path: ObjectPath = try call.argument("widget")
            guard let widget = service.widgets[path] else {
                throw WidgetsError.unknownObject("widget: no widget at \(path)")
            }
            try widget.authorize(call)
            try service.destroy(path)
            return []
        },
    ], properties: [
        PropertyDeclaration("Version", .uint32, emitsChanged: .const) { _ in .uint32(1) },
        PropertyDeclaration("Widgets", .array(.objectPath)) { service in
            .array(element: .objectPath, service.widgets.keys.sorted().map { .objectPath($0) })
        },
    ])

    /// A `CreateX` call: the caller must have a known uid, the name must be
    /// free and within the limits, the options known; the widget is built
    /// and put on the bus, or nothing remains of it. With the option
    /// `replace`, a widget of that kind and name owned by the caller's uid
    /// (any, for uid 0) is destroyed once the new one is built: one call,
    /// `InterfacesRemoved` then `InterfacesAdded`, and on failure the old
    /// one stays as it was.
    private func create(_ kind: WidgetKind, _ call: MethodCall, optionTypes: [String: DBusType],
                        _ make: (String, [String: DBusValue], Creator) throws -> Widget) throws -> [DBusValue] {
        let creator = try Creator(call)
        let name: String = try call.argument("name")
        var options = try context.arguments.options(try call.value("options"), allowed: optionTypes.merging(["replace": .boolean]) { $1 }, argument: "options")
        let replaced = options.removeValue(forKey: "replace") == .boolean(true) ? widgets[WidgetService.path(of: kind, name: name)] : nil
        if let replaced, creator.uid != replaced.ownerUID && creator.uid != 0 {
            throw WidgetsError.accessDenied("options 'replace': \(kind.rawValue) '\(name)' belongs to uid \(replaced.ownerUID); uid \(creator.uid) may not replace it")
        }
        try checkNew(name, kind: kind, creator: creator, replacing: replaced)
        let widget = try make(name, options, creator)
        if let replaced {
            try destroy(replaced.path)
            do {
                try add(widget)
            } catch {
                try? add(replaced)
                throw error
            }
        } else {
            try add(widget)
        }
        widget.didAppear()
        return [.objectPath(widget.path)]
    }
}
