import DBus
import RxWidgets

extension WidgetService {
    /// `org.rxwidgets.Widgets1.Manager`: creates and destroys widgets.
    func managerInterface() -> Interface {
        Interface(WidgetService.managerInterface, methods: [
            Method("CreatePicker", in: [Argument("name", .string), Argument("options", "a{sv}")], out: [Argument("widget", .objectPath)]) { [unowned self] call in
                let name: String = try call.argument(0)
                try checkName(name, kind: .picker)
                let options = try arguments.options(call.arguments[1], allowed: PickerWidget.optionTypes, argument: "options")
                let widget = try PickerWidget(name: name, options: options, creator: call, service: self)
                try add(widget)
                return [.objectPath(widget.path)]
            },
            Method("CreateTable", in: [Argument("name", .string), Argument("options", "a{sv}")], out: [Argument("widget", .objectPath)]) { [unowned self] call in
                let name: String = try call.argument(0)
                try checkName(name, kind: .table)
                let options = try arguments.options(call.arguments[1], allowed: TableWidget.optionTypes, argument: "options")
                let widget = try TableWidget(name: name, options: options, creator: call, service: self)
                try add(widget)
                widget.didAppear()
                return [.objectPath(widget.path)]
            },
            Method("CreateForm", in: [Argument("name", .string), Argument("spec", .string), Argument("options", "a{sv}")], out: [Argument("widget", .objectPath)]) { [unowned self] call in
                let name: String = try call.argument(0)
                try checkName(name, kind: .form)
                let options = try arguments.options(call.arguments[2], allowed: FormWidget.optionTypes, argument: "options")
                let widget = try FormWidget(name: name, spec: try call.argument(1), options: options, creator: call, service: self)
                try add(widget)
                return [.objectPath(widget.path)]
            },
            Method("Destroy", in: [Argument("widget", .objectPath)]) { [unowned self] call in
                let path: ObjectPath = try call.argument(0)
                guard let widget = widgets[path] else {
                    throw WidgetsError.unknownObject("widget: no widget at \(path)")
                }
                try widget.authorize(call)
                try destroy(path)
                return []
            },
        ], properties: [
            Property("Version", .uint32, emitsChanged: .const) { .uint32(1) },
            Property("Widgets", .array(.objectPath)) { [unowned self] in
                .array(element: .objectPath, widgets.keys.sorted().map { .objectPath($0) })
            },
        ])
    }
}
