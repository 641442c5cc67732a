import RxCoreEssentials

/// What a popup picker tells its owner: Done with the chosen item, or Cancel.
public protocol PopupPickerViewDelegate: AnyObject {
    /// Done: the selected row of the first component and its title.
    func selectedItem(index: Int, title: String)
    /// Cancel.
    func closePickerView()
}

/// The bottom-sheet picker: a `PickerView` of titles with Done and Cancel,
/// shown and hidden on demand.
///
/// It is its inner picker's data source and delegate for `selectItems`; a
/// binding on `picker.rx` may replace them. Done reports the picker's
/// selected row of component 0 (row 0 until the user moves it) and its title
/// as the picker's delegate gives it.
open class PopupPickerView: View, HasDelegate, PickerViewDataSource, PickerViewDelegate {
    /// The delegate's type.
    public typealias Delegate = PopupPickerViewDelegate

    /// Hears Done and Cancel; held weakly.
    public weak var delegate: PopupPickerViewDelegate?
    /// The picker inside.
    public let picker = PickerView()
    /// Whether the sheet is shown.
    public private(set) var isVisible = false {
        didSet {
            if isVisible != oldValue {
                visibilityRelay.accept(isVisible)
            }
        }
    }
    private let visibilityRelay = PublishRelay<Bool>()

    /// `isVisible` each time it changes (not its current value), sent once it
    /// has changed; it never completes.
    public var visibilityChanges: Observable<Bool> {
        visibilityRelay.asObservable()
    }

    /// The titles offered; setting them reloads the picker.
    public var selectItems: [String] {
        didSet { picker.reloadAllComponents() }
    }

    /// A hidden popup offering `selectItems`.
    public init(selectItems: [String]) {
        self.selectItems = selectItems
        super.init()
        picker.delegate = self
        picker.dataSource = self
    }

    /// A hidden popup whose picker the application binds itself
    /// (`picker.rx.items`): the popup is not its picker's data source or
    /// delegate, so a binding finds nothing to replace.
    public override init() {
        selectItems = []
        super.init()
    }

    /// Shows the sheet.
    public func showPickerView() {
        isVisible = true
    }

    /// Hides the sheet.
    public func hiddenPickerView() {
        isVisible = false
    }

    /// Cancel: tells the delegate `closePickerView()`, then hides.
    public func cancelSelection() {
        delegate?.closePickerView()
        hiddenPickerView()
    }

    /// Done: tells the delegate `selectedItem(index:title:)` for the selected
    /// row of component 0 (nothing when it has no rows), then hides.
    public func doneSelection() {
        let index = picker.selectedRow(inComponent: 0)
        if index >= 0 {
            delegate?.selectedItem(index: index, title: picker.title(forRow: index, forComponent: 0) ?? "")
        }
        hiddenPickerView()
    }

    /// One component.
    public func numberOfComponents(in pickerView: PickerView) -> Int {
        1
    }

    /// One row per title.
    public func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int {
        selectItems.count
    }

    /// The row's title.
    public func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        selectItems.indices.contains(row) ? selectItems[row] : nil
    }
}
