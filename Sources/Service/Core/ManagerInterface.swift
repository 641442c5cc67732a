import DBus
import WidgetsAPI
import RxWidgetsEssentials

extension WidgetService {
    /// `org.rxwidgets.Widgets1.Manager`: creates and destroys widgets.
    typealias API = ManagerContract

    /// `org.rxwidgets.Widgets1.Manager`: creates and destroys widgets.
    static let managerDeclaration = InterfaceDeclaration(ManagerHandlers())

    /// The handlers of `ManagerContract`, one per member, as the contract names them.
    struct ManagerHandlers: InterfaceHandlers {
        typealias Target = WidgetService
        typealias Contract = ManagerContract

        let createPicker: MethodHandler = API.createPicker.serve { service, arguments, call in
            try service.create(.picker, name: arguments.0, options: arguments.1, call, optionTypes: PickerOption.types) { name, options, creator in
                try PickerWidget(name: name, options: options, creator: creator, context: service.context)
            }
        }
        let createTable: MethodHandler = API.createTable.serve { service, arguments, call in
            try service.create(.table, name: arguments.0, options: arguments.1, call, optionTypes: TableOption.types) { name, options, creator in
                try TableWidget(name: name, options: options, creator: creator, context: service.context)
            }
        }
        let createForm: MethodHandler = API.createForm.serve { service, arguments, call in
            let (name, spec, options) = arguments
            return try service.create(.form, name: name, options: options, call, optionTypes: FormOption.types) { name, options, creator in
                try FormWidget(name: name, spec: spec, options: options, creator: creator, context: service.context)
            }
        }
        let createProgress: MethodHandler = API.createProgress.serve { service, arguments, call in
            try service.create(.progress, name: arguments.0, options: arguments.1, call, optionTypes: ProgressOption.types) { name, options, creator in
                try ProgressWidget(name: name, options: options, creator: creator, context: service.context)
            }
        }
        let createFileChooser: MethodHandler = API.createFileChooser.serve { service, arguments, call in
            try service.create(.file, name: arguments.0, options: arguments.1, call, optionTypes: FileChooserOption.types) { name, options, creator in
                try FileChooserWidget(name: name, options: options, creator: creator, context: service.context)
            }
        }
        let destroy: MethodHandler = API.destroy.serve { service, path, call in
            guard let widget = service.widgets[path] else {
                throw WidgetsError.unknownObject("widget: no widget at \(path)")
            }
            try widget.authorize(call)
            if let uid = call.senderUID, uid != widget.ownerUID, uid != 0 {
                throw WidgetsError.accessDenied("\(widget.host.described) belongs to uid \(widget.ownerUID); uid \(uid) may answer its prompt but not destroy it")
            }
            try service.destroy(path)
        }
        let version: PropertyHandler = API.version.serve { _ in 1 }
        let widgets: PropertyHandler = API.widgets.serve { $0.widgets.keys.sorted() }
        let prompts: PropertyHandler = API.prompts.serve { $0.waitingPrompts.map(\.widget.path) }
    }

    /// The prompt a `CreateX` call's `prompt` option asks for, checked; its
    /// uid (the owner's, or `for_uid`) must have room for another waiting one.
    private func prompt(of widget: any ServedWidget, options given: DBusValue, _ call: MethodCall) throws -> Prompt {
        let options = try context.arguments.options(given, allowed: PromptOption.types, argument: "options 'prompt'")
        let pid = server.processID(of: call.sender)
        let asker = Prompt.Asker(uid: widget.ownerUID, pid: pid ?? 0, command: pid.map(Prompt.commandLine(of:)) ?? "")
        promptsCreated += 1
        let prompt = try Prompt(of: widget, options: options, asker: asker, now: Prompt.now(), created: promptsCreated)
        for uid in [widget.ownerUID, prompt.forUID].compactMap({ $0 }) where uid != 0 {
            let waiting = waitingPrompts.reduce(0) { $0 + ($1.widget.ownerUID == uid || $1.forUID == uid ? 1 : 0) }
            guard waiting < limits.waitingPromptsPerUID else {
                throw WidgetsError.limitExceeded("options 'prompt': uid \(uid) has \(waiting) prompts waiting; the limit per uid is \(limits.waitingPromptsPerUID)")
            }
        }
        return prompt
    }

    /// The prompts waiting for an answer, in order of creation.
    var waitingPrompts: [Prompt] {
        widgets.values.compactMap { $0.host.prompt }.filter { $0.state == .waiting }.sorted { $0.created < $1.created }
    }

    /// A `CreateX` call: the caller must have a known uid, the name must be
    /// free and within the limits, the options known; the widget is built
    /// and put on the bus, or nothing remains of it. With the option
    /// `replace`, a widget of that kind and name owned by the caller's uid
    /// (any, for uid 0) is destroyed once the new one is built: one call,
    /// `InterfacesRemoved` then `InterfacesAdded`, and on failure the old
    /// one stays as it was.
    private func create(_ kind: WidgetKind, name: String, options given: Options, _ call: MethodCall, optionTypes: [String: DBusType],
                        _ make: (String, [String: DBusValue], Creator) throws -> any ServedWidget) throws -> ObjectPath {
        let creator = try Creator(call)
        var options = try context.arguments.options(given.value, allowed: optionTypes, argument: "options")
        // Every CreateX's `replace` is the same key.
        let replaced = options.removeValue(forKey: PickerOption.replace.rawValue) == .boolean(true) ? widgets[WidgetService.path(of: kind, name: name)] : nil
        if let replaced, creator.uid != replaced.ownerUID && creator.uid != 0 {
            throw WidgetsError.accessDenied("options 'replace': \(kind.rawValue) '\(name)' belongs to uid \(replaced.ownerUID); uid \(creator.uid) may not replace it")
        }
        try checkNew(name, kind: kind, creator: creator, replacing: replaced)
        let promptOptions = options.removeValue(forKey: PickerOption.prompt.rawValue)
        let widget = try make(name, options, creator)
        if let promptOptions {
            widget.host.prompt = try prompt(of: widget, options: promptOptions, call)
        }
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
        return widget.path
    }
}
