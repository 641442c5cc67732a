/// The headless `UIImage`: what a front end is to draw, by name (an icon
/// name or a file's path, as the front end resolves it). Two images are
/// equal when they are the same image, as `UIImage`'s `isEqual`.
public final class Image: Equatable, CustomStringConvertible {
    /// The name a front end draws the image by; nil for an empty image.
    public let name: String?

    /// An empty image.
    public init() {
        name = nil
    }

    /// The image a front end knows as `name`.
    public init(named name: String) {
        self.name = name
    }

    /// Whether `lhs` and `rhs` are the same image.
    public static func == (lhs: Image, rhs: Image) -> Bool {
        lhs === rhs
    }

    /// `Image(named: …)`, or `Image()`.
    public var description: String {
        name.map { "Image(named: \($0))" } ?? "Image()"
    }
}
