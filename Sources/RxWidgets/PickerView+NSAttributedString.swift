import Foundation

extension Reactive where Base: PickerView {
    /// Binds each sequence of models as the picker's rows, titled with
    /// `NSAttributedString`s, as RxCocoa's: `attributedTitleForRow` is given
    /// the row and its model.
    public func itemAttributedTitles<Sequence: Swift.Sequence, Source: ObservableType>(_ source: Source)
        -> (_ attributedTitleForRow: @escaping (Int, Sequence.Element) -> NSAttributedString?) -> Disposable where Source.Element == Sequence {
        let bindAttributedStrings: (@escaping (Int, Sequence.Element) -> AttributedString?) -> Disposable = itemAttributedTitles(source)
        return { attributedTitleForRow in
            bindAttributedStrings { row, model in attributedTitleForRow(row, model).map { AttributedString($0) } }
        }
    }
}
