/// Runs a step again when the step asks for it from inside itself: in a
/// loop, not by recursion, so a source that fails synchronously a hundred
/// thousand times (`catch(sequence:)`, `retry(when:)`) does not grow the stack.
final class ReentrantLoop {
    private var running = false
    private var again = false

    /// Runs `step` now, or, when called from inside it, once more after it returns.
    func run(_ step: () -> Void) {
        if running {
            again = true
            return
        }
        running = true
        repeat {
            again = false
            step()
        } while again
        running = false
    }
}
