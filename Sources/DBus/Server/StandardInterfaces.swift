import RxCoreEssentials

/// The names of the standard interfaces.
public enum StandardInterface {
    /// `org.freedesktop.DBus.Introspectable`
    public static let introspectable = "org.freedesktop.DBus.Introspectable"
    /// `org.freedesktop.DBus.Properties`
    public static let properties = "org.freedesktop.DBus.Properties"
    /// `org.freedesktop.DBus.Peer`
    public static let peer = "org.freedesktop.DBus.Peer"
    /// `org.freedesktop.DBus.ObjectManager`
    public static let objectManager = "org.freedesktop.DBus.ObjectManager"
}

extension ObjectServer {
    /// `Introspectable`, answered from the declarations and the exported paths.
    func introspectableInterface() -> Interface {
        Interface(StandardInterface.introspectable, methods: [
            Method("Introspect", out: [Argument("xml_data", .string)]) { [weak self] call in
                [.string(self?.introspect(call.path) ?? "")]
            },
        ])
    }

    /// `Peer`, for calls that come behind calls of their client
    /// (`receive`) and calls that do not name the interface.
    func peerInterface() -> Interface {
        Interface(StandardInterface.peer, methods: PeerAnswers.members.map { member in
            Method(member.name, out: member.outputs) { _ in try member.answer() }
        })
    }

    /// `Properties`, answered from the called object's property declarations.
    /// It looks the object up by the call's path, so it holds no object.
    func propertiesInterface() -> Interface {
        Interface(StandardInterface.properties, methods: [
            Method("Get", in: [Argument("interface_name", .string), Argument("property_name", .string)], out: [Argument("value", .variant)]) { [weak self] call in
                let (_, property) = try self.exportedObject(at: call.path).findProperty(call)
                return [.variant(property.read(.caller(uid: call.senderUID)))]
            },
            Method("GetAll", in: [Argument("interface_name", .string)], out: [Argument("properties", .array(.dictEntry(key: .string, value: .variant)))]) { [weak self] call in
                let object = try self.exportedObject(at: call.path)
                let name: String = try call.argument(0)
                let interfaces = name.isEmpty ? object.served : object.served.filter { $0.name == name }
                guard !interfaces.isEmpty else {
                    throw DBusError(name: DBusError.Name.unknownInterface, message: "object \(object.path) has no interface \(quoted(name))")
                }
                let entries = interfaces.flatMap(\.properties).map { ($0.name, $0.read(.caller(uid: call.senderUID))) }
                let budget = (self?.connection.maximumMessageBytes ?? Connection.protocolMessageLimit) - Message.headerAllowance
                let kept = PropertyBudget.fit([[entries]], within: budget)[0][0]
                return [.dictionary(key: .string, value: .variant, kept.map { (.string($0.name), .variant($0.value)) })]
            },
            Method("Set", in: [Argument("interface_name", .string), Argument("property_name", .string), Argument("value", .variant)]) { [weak self] call in
                let (interface, property) = try self.exportedObject(at: call.path).findProperty(call)
                guard let set = property.set else {
                    throw DBusError(name: DBusError.Name.propertyReadOnly, message: "property \(property.name) of \(interface.name) is read-only")
                }
                guard case .variant(let value)? = call.arguments.last, value.type == property.type else {
                    let received = call.arguments.last?.variantValue?.type.signature ?? "?"
                    throw DBusError.invalidArgs("property \(property.name) expects '\(property.type.signature)', got '\(received)'")
                }
                try set(value, call)
                return []
            },
        ], signals: [
            SignalDeclaration("PropertiesChanged", [
                Argument("interface_name", .string),
                Argument("changed_properties", .array(.dictEntry(key: .string, value: .variant))),
                Argument("invalidated_properties", .array(.string)),
            ]),
        ])
    }

    /// `ObjectManager` for the objects below `root`.
    func objectManagerInterface(root: ObjectPath) -> Interface {
        Interface(StandardInterface.objectManager, methods: [
            Method("GetManagedObjects", out: [Argument("objects", ObjectServer.managedObjectsType)]) { [weak self] call in
                if let self, let body = keptManagedObjects(under: root, for: call.senderUID) {
                    call.replyLater().send(writtenBody: body, signature: ObjectServer.managedObjectsType.signature)
                    throw LaterReply.Pending()
                }
                return [self?.managedObjects(under: root, for: .caller(uid: call.senderUID)) ?? .dictionary(key: .objectPath, value: ObjectServer.interfacesAndPropertiesType, [])]
            },
        ], signals: [
            SignalDeclaration("InterfacesAdded", [Argument("object_path", .objectPath), Argument("interfaces_and_properties", ObjectServer.interfacesAndPropertiesType)]),
            SignalDeclaration("InterfacesRemoved", [Argument("object_path", .objectPath), Argument("interfaces", .array(.string))]),
        ])
    }

    static let interfacesAndPropertiesType = DBusType.array(.dictEntry(key: .string, value: .array(.dictEntry(key: .string, value: .variant))))
    static let managedObjectsType = DBusType.array(.dictEntry(key: .objectPath, value: interfacesAndPropertiesType))

}

extension Optional where Wrapped == ObjectServer {
    /// The object a standard method was called on; `UnknownObject` when it is
    /// gone (or the server is).
    func exportedObject(at path: ObjectPath) throws -> ExportedObject {
        guard let object = self?.objects[path] else {
            throw DBusError(name: DBusError.Name.unknownObject, message: "no object at \(path)")
        }
        return object
    }
}

extension ExportedObject {
    /// The property a `Get` or `Set` names.
    func findProperty(_ call: MethodCall) throws -> (Interface, Property) {
        let interfaceName: String = try call.argument(0)
        let propertyName: String = try call.argument(1)
        let candidates = interfaceName.isEmpty ? served : served.filter { $0.name == interfaceName }
        guard !candidates.isEmpty else {
            throw DBusError(name: DBusError.Name.unknownInterface, message: "object \(path) has no interface \(quoted(interfaceName))")
        }
        for interface in candidates {
            if let property = interface.property(propertyName) {
                return (interface, property)
            }
        }
        let scope = interfaceName.isEmpty ? "object \(path)" : "interface \(interfaceName)"
        throw DBusError(name: DBusError.Name.unknownProperty, message: "\(scope) has no property \(quoted(propertyName))")
    }
}
