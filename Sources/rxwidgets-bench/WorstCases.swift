/// The form spec at every budget at once (API rule 8): 256 text fields, each
/// a 388-instruction pattern of `.*` that keeps every thread alive, on
/// values of at most 84 characters — 99,328 instructions and 8,343,552
/// matching steps, just under the daemon's defaults — with a 2,000-character
/// initial text per field to fill the spec toward its 1 MiB.
let worstSpec = #"{"fields":["# + (0..<256).map { index in
    #"{"name":"t\#(index)","kind":"text","initial":"\#(String(repeating: "h", count: 2_000))","rules":{"maxLength":84,"pattern":"(?:.*){129}"}}"#
}.joined(separator: ",") + "]}"

/// A spec of nearly 1 MiB that is refused at its last byte: the JSON parse
/// runs over all of it first.
let lateErrorSpec = #"{"fields":["# + (0..<250).map { index in
    #"{"name":"t\#(index)","kind":"text","initial":"\#(String(repeating: "i", count: 4_000))"}"#
}.joined(separator: ",") + "]"

/// 256 text fields, as `conditionalSpec` without its conditions.
let plainSpec = #"{"fields":["# + (0..<256).map { #"{"name":"f\#($0)","kind":"text"}"# }.joined(separator: ",") + "]}"

/// 256 text fields, 100 of them shown only while `f0` is not "hide", so a
/// change of `f0` re-evaluates every condition (and alternately hides and
/// shows the 100 fields).
let conditionalSpec = #"{"fields":["# + (0..<256).map { index in
    index >= 1 && index <= 100
        ? #"{"name":"f\#(index)","kind":"text","rules":{"required":true},"visibleWhen":{"field":"f0","notEquals":"hide"}}"#
        : #"{"name":"f\#(index)","kind":"text"}"#
}.joined(separator: ",") + "]}"
