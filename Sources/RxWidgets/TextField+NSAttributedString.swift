import Foundation

extension TextField {
    /// The text with its attributes, as UIKit takes and gives it; setting it
    /// sets `text` to its string.
    public var attributedText: NSAttributedString? {
        get { attributedString.map { NSAttributedString($0) } }
        set { attributedString = newValue.map { AttributedString($0) } }
    }
}

extension Reactive where Base: TextField {
    /// The attributed text, as RxCocoa's: current on subscription, then
    /// after each editing event or `.valueChanged`.
    public var attributedText: ControlProperty<NSAttributedString?> {
        controlProperty(editingEvents: [.allEditingEvents, .valueChanged], getter: { $0.attributedText }, setter: { $0.attributedText = $1 })
    }
}
