import DBus
import WidgetsAPI
import RxWidgetsEssentials

/// The form's remote parties: validators and options providers that
/// clients attach, asked without waiting (a libdbus pending call each,
/// cancelled when a newer value makes the question moot), their replies
/// checked as any input.
extension FormWidget: FormRemoteDelegate {
    /// Who serves a remote check or options: a client's connection and object.
    struct Attachment: Equatable {
        let uniqueName: String
        let object: ObjectPath
    }

    func form(_ form: Form, check value: FieldValue, of field: String, with validator: String) -> Single<RemoteVerdict>? {
        guard let attachment = validators[validator], let connection = context.server?.connection else { return nil }
        let contract = ValidatorContract.validate
        let arguments = (path.rawValue, field, Variant(FormWidget.dbusValue(value)), revision)
        let limits = context.arguments
        return connection.request({ try contract.message(to: attachment.uniqueName, path: attachment.object, interface: ValidatorContract.name, arguments) },
                                  timeoutMilliseconds: FormWidget.remoteCallTimeout)
            .map { reply in
                let (valid, message) = try contract.results(of: reply)
                try limits.checkString(message, "the message of validator \(quoted(validator))")
                return valid ? .valid : .invalid(message: message)
            }
            .do(onError: { [name] error in
                Hooks.log("<4>rxwidgetsd: form '\(name)': validator \(quoted(validator)) gave no usable answer for field '\(field)': \(FormWidget.loggable(error))")
            })
    }

    func form(_ form: Form, optionsFor field: String, from provider: String, given values: [String: FieldValue]) -> Single<[String]>? {
        guard let attachment = providers[provider], let connection = context.server?.connection else { return nil }
        let contract = OptionsProviderContract.optionsFor
        let given = VariantDictionary(form.fieldNames.compactMap { name in values[name].map { (name, FormWidget.dbusValue($0)) } })
        let arguments = (path.rawValue, field, given, revision)
        let limits = context.arguments
        let rowLimit = context.limits.formSpecLimits.optionEntries
        return connection.request({ try contract.message(to: attachment.uniqueName, path: attachment.object, interface: OptionsProviderContract.name, arguments) },
                                  timeoutMilliseconds: FormWidget.remoteCallTimeout)
            .map { [weak self] reply in
                let options = try contract.results(of: reply)
                guard options.count <= rowLimit else {
                    throw DBusError.invalidArgs("\(options.count) options; the limit is \(rowLimit)")
                }
                guard Set(options).count == options.count, !options.contains(FieldValue.notSelected) else {
                    throw DBusError.invalidArgs("options must be unique and not \"\(FieldValue.notSelected)\"")
                }
                for (index, option) in options.enumerated() {
                    try limits.checkString(option, "options[\(index)]")
                }
                try self?.admit(options: options, for: field)
                return options
            }
            .do(onError: { [name] error in
                Hooks.log("<4>rxwidgetsd: form '\(name)': options provider \(quoted(provider)) gave no usable answer for field '\(field)': \(FormWidget.loggable(error))")
            })
    }

    /// A client's error as a log line may carry it: at most ~200
    /// characters, control characters escaped (no forged log lines).
    static func loggable(_ error: Error) -> String {
        // A client's message may be megabytes: only its start is looked at.
        let whole = (error as? DBusError).map { "\($0.name): " + String(String.UnicodeScalarView($0.message.unicodeScalars.prefix(400))) } ?? "\(error)"
        let text = whole.unicodeScalars.prefix(400).map { scalar in
            scalar.properties.generalCategory == .control ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
        }.joined()
        return quoted(text, limit: 200)
    }

    func form(_ form: Form, changesOnItsOwn change: () -> Void) {
        changeOnItsOwn(change)
    }

    /// A remote call's own time limit: the form's rule times a question out
    /// sooner and cancels it; this only bounds a call nobody cancelled.
    static let remoteCallTimeout: Int32 = 600_000

    /// `AttachValidator` / `AttachOptionsProvider`: who serves `name`; refused
    /// for a name the spec does not use.
    func attach(_ name: String, at object: ObjectPath, by caller: String, provider: Bool) throws {
        let used = provider ? form.spec.fields.compactMap { field -> String? in
            if case .provider(let provider, _)? = field.optionsFrom { return provider }
            return nil
        } : form.spec.fields.compactMap(\.rules.remote?.name)
        guard used.contains(name) else {
            let kind = provider ? "options provider" : "validator"
            throw DBusError.invalidArgs("name: no field of form '\(self.name)' uses a \(kind) named \(quoted(name))\(used.isEmpty ? "" : "; it uses \(Set(used).sorted().joined(separator: ", "))")")
        }
        let attachment = Attachment(uniqueName: caller, object: object)
        if provider {
            providers[name] = attachment
        } else {
            validators[name] = attachment
        }
        form.recheck(remote: name)
    }

    /// Lets go of what a client that left the bus served; a question in
    /// flight to it fails on its own (the bus answers it with an error).
    func detach(_ uniqueName: String) {
        let gone = validators.filter { $0.value.uniqueName == uniqueName }.map(\.key)
        validators = validators.filter { $0.value.uniqueName != uniqueName }
        providers = providers.filter { $0.value.uniqueName != uniqueName }
        for name in gone.sorted() {
            changeOnItsOwn { form.giveUp(remote: name) }
        }
    }
}
