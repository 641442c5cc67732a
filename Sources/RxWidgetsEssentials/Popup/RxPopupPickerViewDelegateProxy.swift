extension DelegateMethod where Delegate == PopupPickerViewDelegate, Arguments == (Int, String) {
    /// `selectedItem(index:title:)`.
    public static var selectedItem: Self { Self("selectedItem(index:title:)") }
}

extension DelegateMethod where Delegate == PopupPickerViewDelegate, Arguments == Void {
    /// `closePickerView()`.
    public static var closePickerView: Self { Self("closePickerView()") }
}

/// The popup picker's delegate proxy.
open class RxPopupPickerViewDelegateProxy: DelegateProxy<PopupPickerView, PopupPickerViewDelegate>, DelegateProxyType, PopupPickerViewDelegate {
    /// The proxy of `pickerView`.
    public init(pickerView: PopupPickerView) {
        super.init(parentObject: pickerView, delegateProxy: RxPopupPickerViewDelegateProxy.self)
    }

    /// Registers the factory for popup pickers.
    public static func registerKnownImplementations() {
        register { RxPopupPickerViewDelegateProxy(pickerView: $0) }
    }

    /// Publishes Done and forwards it.
    public func selectedItem(index: Int, title: String) {
        invoke(.selectedItem, with: (index, title)) { $0.selectedItem(index: index, title: title) }
    }

    /// Publishes Cancel and forwards it.
    public func closePickerView() {
        invoke(.closePickerView, with: ()) { $0.closePickerView() }
    }
}

extension Reactive where Base: PopupPickerView {
    /// The popup's delegate proxy.
    public var delegate: DelegateProxy<PopupPickerView, PopupPickerViewDelegate> {
        RxPopupPickerViewDelegateProxy.proxy(for: base)
    }

    /// Done: the chosen index and title. Completes when the popup goes away.
    public var selectedItem: Observable<(Int, String)> {
        delegate.methodInvoked(.selectedItem)
    }

    /// Cancel. Completes when the popup goes away.
    public var closePickerView: Observable<Void> {
        delegate.methodInvoked(.closePickerView)
    }
}
