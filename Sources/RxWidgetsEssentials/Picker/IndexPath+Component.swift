import FoundationEssentials

extension IndexPath {
    /// A picker's name for the section.
    public var component: Int {
        section
    }
}
