/// What a remote validator said of a value.
public enum RemoteVerdict: Equatable, Sendable {
    /// The value passes.
    case valid
    /// The value is refused, with the validator's message (empty: the spec's, or a default).
    case invalid(message: String)
}

/// The parties outside a form that take part in its behaviour: remote
/// validators (`rules.remote`) and options providers (`optionsFrom.provider`),
/// and the server that counts and announces the changes the form makes on
/// its own when their answers come. The form holds it weakly, as UIKit
/// holds a delegate. Every answer arrives on the main loop.
public protocol FormRemoteDelegate: AnyObject {
    /// Asks `validator` about `value` of `field`. Nil when no validator of
    /// that name is attached: the check then runs out its timeout and the
    /// field becomes `unavailable`. Disposing the subscription (a newer
    /// value came) must cancel the question; an error counts as no answer.
    func form(_ form: Form, check value: FieldValue, of field: String, with validator: String) -> Single<RemoteVerdict>?

    /// Asks `provider` for the options of `field`, given the values of the
    /// fields its spec lists; nil when none is attached. The same rules as
    /// `check`.
    func form(_ form: Form, optionsFor field: String, from provider: String, given values: [String: FieldValue]) -> Single<[String]>?

    /// Runs `change`, a change the form makes on its own (an answer came, a
    /// check ran out of time), as the server runs a call: counted, announced,
    /// stored.
    func form(_ form: Form, changesOnItsOwn change: () -> Void)
}
