import FoundationEssentials

/// What can turn `Data` into a `Decodable` value (`JSONDecoder`, `PropertyListDecoder`), as RxSwift's `DataDecoder`.
public protocol DataDecoder {
    /// Decodes an `Item` from `data`.
    func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item
}

extension JSONDecoder: DataDecoder {}

extension ObservableType where Element == Data {
    /// Each `Data` element decoded as an `Item` by `decoder`; a decoding error ends the sequence with it.
    public func decode<Item: Decodable, Decoder: DataDecoder>(type: Item.Type, decoder: Decoder) -> Observable<Item> {
        map { try decoder.decode(type, from: $0) }
    }
}
