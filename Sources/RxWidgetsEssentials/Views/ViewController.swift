/// The headless `UIViewController`: owns a root view and a title a front
/// end shows above it.
open class ViewController {
    /// The root view.
    open var view: View
    /// The title shown for the controller.
    open var title: String?

    /// A controller of an empty view.
    public init() {
        view = View()
    }
}
