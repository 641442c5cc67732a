/// An interface's contract written once, as a struct whose stored
/// properties are its members (`MethodContract`, `TypedSignal`,
/// `PropertyContract`, or a `MemberGroup` of them) in the order
/// introspection lists them. The member list is read from the struct itself,
/// so a member declared is a member served, introspected and documented: there
/// is no second list to forget it in.
///
/// Members are read through the type, as `PickerContract.selectRow`: the
/// type looks them up in its one shared instance (`@dynamicMemberLookup`
/// with the `subscript(dynamicMember:)` below).
public protocol InterfaceMembers: Sendable {
    /// The interface's name.
    static var name: String { get }
    /// What the interface is for, as introspection and the reference show it.
    static var documentation: String { get }
    /// The one instance the type's members are read from.
    static var shared: Self { get }
}

extension InterfaceMembers {
    /// A member of the contract, read through its type.
    public static subscript<Member>(dynamicMember keyPath: KeyPath<Self, Member>) -> Member {
        shared[keyPath: keyPath]
    }

    /// The interface's contract, its members collected from the stored
    /// properties in declaration order; a stored property that is not a
    /// member stops the program where the contract is first read.
    public static var contract: InterfaceContract {
        InterfaceContract(name, documentation, members: collectMembers(of: shared, in: name))
    }
}

/// What can be declared as a member of an interface: its type-erased entry.
public protocol ContractMemberDeclaring: Sendable {
    /// The entries it adds to the interface, in order.
    var contractMembers: [ContractMember] { get }
}

/// Members shared by several interfaces (a `Revision` property, a data
/// source's attach and detach), declared once as a struct of members and
/// stored in each contract that has them; its members take its place in
/// the interface's order.
public protocol MemberGroup: ContractMemberDeclaring {}

extension MemberGroup {
    public var contractMembers: [ContractMember] {
        collectMembers(of: self, in: String(describing: Self.self))
    }
}

extension MethodContract: ContractMemberDeclaring {
    public var contractMembers: [ContractMember] { [member] }
}

extension PropertyContract: ContractMemberDeclaring {
    public var contractMembers: [ContractMember] { [member] }
}

extension TypedSignal: ContractMemberDeclaring {
    public var contractMembers: [ContractMember] { [member] }
}

/// The members `value`'s stored properties declare, in order.
private func collectMembers(of value: Any, in owner: String) -> [ContractMember] {
    Mirror(reflecting: value).children.flatMap { child -> [ContractMember] in
        guard let declared = child.value as? any ContractMemberDeclaring else {
            preconditionFailure("\(owner).\(child.label ?? "?") is not a member of the interface (a MethodContract, TypedSignal, PropertyContract or MemberGroup)")
        }
        return declared.contractMembers
    }
}
