/// A binary min-heap ordered by `isBefore`; equal items come out in no particular order.
struct PriorityQueue<Element> {
    private var items: [Element] = []
    private let isBefore: (Element, Element) -> Bool

    init(isBefore: @escaping (Element, Element) -> Bool) {
        self.isBefore = isBefore
    }

    func peek() -> Element? {
        items.first
    }

    mutating func push(_ element: Element) {
        items.append(element)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard isBefore(items[child], items[parent]) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> Element? {
        guard !items.isEmpty else { return nil }
        items.swapAt(0, items.count - 1)
        let first = items.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < items.count && isBefore(items[left], items[smallest]) { smallest = left }
            if right < items.count && isBefore(items[right], items[smallest]) { smallest = right }
            if smallest == parent { break }
            items.swapAt(parent, smallest)
            parent = smallest
        }
        return first
    }
}
