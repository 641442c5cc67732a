/// What `Introspectable` and `ObjectManager` answer.
extension ObjectServer {
    func introspect(_ path: ObjectPath) -> String {
        let interfaces = objects[path]?.served ?? [introspectable, peer]
        var children = Set<String>()
        let prefix = path.rawValue == "/" ? "/" : path.rawValue + "/"
        for other in objects.keys where path.isAncestor(of: other) {
            if let child = other.rawValue.dropFirst(prefix.count).split(separator: "/").first {
                children.insert(String(child))
            }
        }
        return Introspection.document(interfaces: interfaces, children: children.sorted())
    }

    func managedObjects(under root: ObjectPath, for reader: PropertyReader) -> DBusValue {
        let below = objects(under: root, readBy: reader)
        let entries = interfacesAndProperties(below, for: reader, within: connection.maximumMessageBytes).map { (DBusValue.objectPath($0.0), $0.1) }
        return .dictionary(key: .objectPath, value: ObjectServer.interfacesAndPropertiesType, entries)
    }

    /// `GetManagedObjects`'s body for `uid`, joined from the kept entries
    /// (`ManagedObjectsCache`), each object written anew only once it
    /// changed; nil when they would not fit one message together, where
    /// `managedObjects` leaves the largest values out.
    func keptManagedObjects(under root: ObjectPath, for uid: UInt32?) -> WireBody? {
        managedObjectsCache.answer(under: root, for: uid) { joinManagedObjects(under: root, for: uid) }
    }

    /// The objects below `root` that `reader` may read, by path.
    private func objects(under root: ObjectPath, readBy reader: PropertyReader) -> [ExportedObject] {
        objects.values.filter { object in
            guard root.isAncestor(of: object.path) else { return false }
            switch reader {
            case .caller(let uid): return object.admits(uid)
            case .everyone: return object.readers == nil
            }
        }.sorted { $0.path < $1.path }
    }

    private func joinManagedObjects(under root: ObjectPath, for uid: UInt32?) -> WireBody? {
        let below = objects(under: root, readBy: .caller(uid: uid))
        let limit = connection.maximumMessageBytes - Message.headerAllowance
        let entryType = DBusType.dictEntry(key: .objectPath, value: ObjectServer.interfacesAndPropertiesType)
        var body = WireBody()
        var fits = true
        body.appendArray(of: entryType) { entries in
            for object in below {
                guard fits else { return }
                // Written as the fallback would write it, within the whole message's limit.
                let entry = try? managedObjectsCache.entry(object.path, for: uid) {
                    let value = interfacesAndProperties([object], for: .caller(uid: uid), within: limit)[0].1
                    return try WireBody(element: .dictEntry(.objectPath(object.path), value), depth: 1)
                }
                guard let entry, entries.bytes.count + entry.bytes.count + 8 <= limit else {
                    fits = false
                    return
                }
                entries.appendEncoded(entry)
            }
        }
        return fits ? body : nil
    }

    /// Each object's `a{sa{sv}}` of its interfaces and their properties, as
    /// `GetManagedObjects` and `InterfacesAdded` carry them; when all of them
    /// would not fit in one message, the largest values are left out.
    func interfacesAndProperties(_ objects: [ExportedObject], for reader: PropertyReader, within limit: Int) -> [(ObjectPath, DBusValue)] {
        let values = objects.map { object in object.interfaces.map { $0.properties.map { ($0.name, $0.read(reader)) } } }
        let kept = PropertyBudget.fit(values, within: limit - Message.headerAllowance - objects.reduce(0) { total, object in
            total + 300 + object.interfaces.reduce(0) { $0 + 300 + $1.name.utf8.count }
        })
        return zip(objects, kept).map { object, interfaces in
            (object.path, .dictionary(key: .string, value: .array(.dictEntry(key: .string, value: .variant)),
                                      zip(object.interfaces, interfaces).map { interface, properties in
                                          (.string(interface.name), .dictionary(key: .string, value: .variant, properties.map { (.string($0.0), .variant($0.1)) }))
                                      }))
        }
    }
}
