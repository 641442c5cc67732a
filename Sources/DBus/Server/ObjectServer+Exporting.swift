import RxCoreEssentials

/// Exporting objects, and the object managers that announce them.
extension ObjectServer {
    /// Exports an object; throws when the path is taken. Announced with
    /// `InterfacesAdded` by an object manager above it. All or nothing: the
    /// announcement is encoded before the object is registered, so an object
    /// whose properties cannot be sent is not exported at all.
    ///
    /// `readers`: the only uids that may read the object — `Get`, `GetAll`
    /// and `GetManagedObjects` of any other caller do not show it (the first
    /// two refuse with `AccessDenied`), and its signals (and the object
    /// manager's about it) go to their connections alone, not to the whole
    /// bus; nil: everyone.
    public func export(_ path: ObjectPath, interfaces: [Interface], readers: Set<UInt32>? = nil) throws {
        guard objects[path] == nil else {
            throw DBusError.failed("an object is already exported at \(path)")
        }
        let object = ExportedObject(path: path, interfaces: interfaces, readers: readers)
        object.served = standardInterfaces(of: object)
        let roots = managerRoots.filter { $0.isAncestor(of: path) }.sorted()
        var announcements: [OutgoingMessage] = []
        if !roots.isEmpty {
            // The properties are read only when an object manager announces them.
            let added = interfacesAndProperties([object], for: .everyone, within: signalLimit)[0].1
            announcements = try roots.map { root in
                var message = try signalMessage(path: root, interface: StandardInterface.objectManager, member: "InterfacesAdded", [.objectPath(path), added], servedBy: objects[root])
                message.readers = readers
                try checkSignalSize(of: message)
                return message
            }
        }
        objects[path] = object
        managedObjectsCache.forget(path)
        do {
            for message in announcements {
                try send(signal: message)
            }
        } catch {
            objects[path] = nil
            throw error
        }
    }

    /// Removes an object; announced with `InterfacesRemoved`. Pending property
    /// changes of the object are dropped.
    public func unexport(_ path: ObjectPath) throws {
        guard let object = objects.removeValue(forKey: path) else { return }
        managedObjectsCache.forget(path)
        pendingChanges.removeAll { $0.path == path }
        for root in managerRoots where root.isAncestor(of: path) {
            let names = DBusValue.array(element: .string, object.interfaces.map { .string($0.name) })
            var message = try signalMessage(path: root, interface: StandardInterface.objectManager, member: "InterfacesRemoved", [.objectPath(path), names], servedBy: objects[root])
            message.readers = object.readers
            try send(signal: message)
        }
    }

    /// Serves `ObjectManager` at `root` (which must be exported) over the objects below it.
    public func addObjectManager(at root: ObjectPath) {
        managerRoots.insert(root)
        if let object = objects[root] {
            object.served = standardInterfaces(of: object)
        }
    }

    /// The exported paths, sorted.
    public var exportedPaths: [ObjectPath] {
        objects.keys.sorted()
    }
}
