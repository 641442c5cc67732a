import FoundationEssentials
extension Reactive where Base: Button {
    /// Taps (`.touchUpInside`).
    public var tap: ControlEvent<Void> {
        controlEvent(.touchUpInside)
    }

    /// Sets the title for `state`.
    public func title(for state: Control.State = .normal) -> Binder<String?> {
        Binder(base) { button, title in button.setTitle(title, for: state) }
    }

    /// Sets the attributed title for `state`.
    public func attributedTitle(for state: Control.State = .normal) -> Binder<AttributedString?> {
        Binder(base) { button, title in button.setAttributedTitle(title, for: state) }
    }

    /// Sets the background image for `state`.
    public func backgroundImage(for state: Control.State = .normal) -> Binder<Image?> {
        Binder(base) { button, image in button.setBackgroundImage(image, for: state) }
    }

    /// Sets the image for `state`.
    public func image(for state: Control.State = .normal) -> Binder<Image?> {
        Binder(base) { button, image in button.setImage(image, for: state) }
    }
}
