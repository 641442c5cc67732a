/// What a status line says of the state it reports; each front end gives
/// it its own colour.
package enum Tone: Equatable {
    case error
    case success
}
