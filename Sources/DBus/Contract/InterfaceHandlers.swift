/// An interface's handlers for every object of a kind, written as a struct
/// whose stored properties are one `MethodHandler` per method of `Contract` and
/// one `PropertyHandler` per property, each named as the contract names the
/// member. `InterfaceDeclaration(handlers)` reads them from the struct
/// itself, as `InterfaceMembers` reads a contract, and stops the program
/// when they and the contract differ — at start-up, where the server
/// declares its interfaces.
public protocol InterfaceHandlers: Sendable {
    /// The kind of object the handlers serve.
    associatedtype Target: AnyObject
    /// The contract they serve.
    associatedtype Contract: InterfaceMembers
    init()
}

extension InterfaceHandlers {
    /// A method's handler.
    public typealias MethodHandler = MethodDeclaration<Target>
    /// A property's handler.
    public typealias PropertyHandler = PropertyDeclaration<Target>
}

extension InterfaceDeclaration {
    /// The interface `Handlers.Contract` states, served by the handlers the
    /// struct declares.
    public init<Handlers: InterfaceHandlers>(_ handlers: Handlers) where Handlers.Target == Target {
        var methods: [MethodDeclaration<Target>] = []
        var properties: [PropertyDeclaration<Target>] = []
        for child in Mirror(reflecting: handlers).children {
            if let method = child.value as? MethodDeclaration<Target> {
                methods.append(method)
            } else if let property = child.value as? PropertyDeclaration<Target> {
                properties.append(property)
            } else {
                preconditionFailure("\(Handlers.self).\(child.label ?? "?") is neither a method's nor a property's handler")
            }
        }
        self.init(Handlers.Contract.contract, methods: methods, properties: properties)
    }
}
