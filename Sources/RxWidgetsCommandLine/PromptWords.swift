import Localization
import RxWidgetsClient
import WidgetsAPI

/// How a prompt is put to the person asked and how its end is told, in the
/// same words by the terminal's agent and the desktop's (its notifications
/// and windows).
package enum PromptWords {
    /// "asked by uid 1000: backup.sh --nightly", the command line cut to `limit` characters.
    package static func askedBy(_ prompt: RemotePrompt, limit: Int = 60) -> String {
        let asker = prompt.asker
        // TRANSLATORS: who asks a prompt: {0} is the user id, {1} the command line that asks.
        return asker.command.isEmpty ? tr("asked by uid {0}", asker.uid) : tr("asked by uid {0}: {1}", asker.uid, asker.command.prefix(limit))
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
        // TRANSLATORS: how a prompt ended: {0} is the user id that answered it, {1} the answering process's name.
        case .answered: return tr("answered by uid {0} ({1})", by.uid, by.process.isEmpty ? tr("unknown process") : by.process)
        // TRANSLATORS: a prompt still waiting when its widget went away.
        case .waiting: return tr("it is gone")
        case .cancelled: return tr("it was cancelled")
        // TRANSLATORS: a prompt whose deadline passed.
        case .timedOut: return tr("it timed out")
        }
    }
}
