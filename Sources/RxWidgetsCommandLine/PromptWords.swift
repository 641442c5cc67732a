import RxWidgetsClient
import WidgetsAPI

/// How a prompt is put to the person asked and how its end is told, in the
/// same words by the terminal's agent and the desktop's (its notifications
/// and windows).
package enum PromptWords {
    /// "asked by uid 1000: backup.sh --nightly", the command line cut to `limit` characters.
    package static func askedBy(_ prompt: RemotePrompt, limit: Int = 60) -> String {
        let asker = prompt.asker
        return "asked by uid \(asker.uid)" + (asker.command.isEmpty ? "" : ": \(asker.command.prefix(limit))")
    }

    /// The title, the message and who asks, joined by " — ": a screen's or a window's header.
    package static func header(_ prompt: RemotePrompt) -> String {
        [prompt.title, prompt.message, "(\(askedBy(prompt)))"].filter { !$0.isEmpty }.joined(separator: " — ")
    }

    /// How a prompt that stopped waiting ended: who answered it, its
    /// state, or — still waiting when its widget went — that it is gone.
    package static func ending(_ prompt: RemotePrompt) -> String {
        let by = prompt.answeredBy
        switch prompt.state {
        case .answered: return "answered by uid \(by.uid) (\(by.process.isEmpty ? "unknown process" : by.process))"
        case .waiting: return "it is gone"
        case .cancelled, .timedOut: return "it ended \(prompt.state.rawValue)"
        }
    }
}
