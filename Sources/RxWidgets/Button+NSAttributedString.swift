import Foundation

extension Button {
    /// Sets the attributed title shown in `state`, as UIKit takes it.
    public func setAttributedTitle(_ title: NSAttributedString?, for state: Control.State) {
        setAttributedTitle(title.map { AttributedString($0) }, for: state)
    }

    /// The attributed title for `state`, falling back to the normal state's, as UIKit gives it.
    public func attributedTitle(for state: Control.State) -> NSAttributedString? {
        let title: AttributedString? = attributedTitle(for: state)
        return title.map { NSAttributedString($0) }
    }
}

extension Reactive where Base: Button {
    /// Sets the attributed title for `state`, as RxCocoa's.
    public func attributedTitle(for state: Control.State = .normal) -> Binder<NSAttributedString?> {
        Binder(base) { button, title in button.setAttributedTitle(title, for: state) }
    }
}
