import FoundationEssentials
/// The headless `UIButton`: a tappable control with a title, an attributed
/// title, an image and a background image per state.
open class Button: Control {
    private var titles: [UInt: String] = [:]
    private var attributedTitles: [UInt: AttributedString] = [:]
    private var images: [UInt: Image] = [:]
    private var backgroundImages: [UInt: Image] = [:]

    /// A button without title or image.
    public override init() {
        super.init()
    }

    /// Sets the title shown in `state`.
    public func setTitle(_ title: String?, for state: Control.State) {
        titles[state.rawValue] = title
    }

    /// The title for `state`, falling back to the normal state's.
    public func title(for state: Control.State) -> String? {
        titles[state.rawValue] ?? titles[Control.State.normal.rawValue]
    }

    /// Sets the attributed title shown in `state`.
    public func setAttributedTitle(_ title: AttributedString?, for state: Control.State) {
        attributedTitles[state.rawValue] = title
    }

    /// The attributed title for `state`, falling back to the normal state's.
    public func attributedTitle(for state: Control.State) -> AttributedString? {
        attributedTitles[state.rawValue] ?? attributedTitles[Control.State.normal.rawValue]
    }

    /// Sets the background image shown in `state`.
    public func setBackgroundImage(_ image: Image?, for state: Control.State) {
        backgroundImages[state.rawValue] = image
    }

    /// The background image for `state`, falling back to the normal state's.
    public func backgroundImage(for state: Control.State) -> Image? {
        backgroundImages[state.rawValue] ?? backgroundImages[Control.State.normal.rawValue]
    }

    /// Sets the image shown in `state`.
    public func setImage(_ image: Image?, for state: Control.State) {
        images[state.rawValue] = image
    }

    /// The image for `state`, falling back to the normal state's.
    public func image(for state: Control.State) -> Image? {
        images[state.rawValue] ?? images[Control.State.normal.rawValue]
    }

    /// The title for the current state.
    public var currentTitle: String? {
        title(for: state)
    }

    /// The image for the current state.
    public var currentImage: Image? {
        image(for: state)
    }

    /// The current title and image, with the control's properties.
    open override var viewDescription: [String: AttributeValue] {
        var description = super.viewDescription
        if let currentTitle {
            description["title"] = .string(currentTitle)
        }
        if let image = currentImage?.name {
            description["image"] = .string(image)
        }
        return description
    }
}
