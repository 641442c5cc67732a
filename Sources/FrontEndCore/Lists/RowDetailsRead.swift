import RxCoreEssentials
import RxWidgetsClient

/// A screen's read of some rows' details (descriptions, column texts): the
/// details when they are of the revision they were asked for; `stale`
/// when the rows changed since (the current layout asks again) or went
/// away while the read was under way. Any other failure leaves the rows
/// without details, drawn by their titles or cells.
package enum RowDetailsRead {
    package static func subscribe(_ reply: Observable<(details: [RowDetail], revision: UInt64)>, revision: UInt64,
                                  arrived: @escaping ([RowDetail]) -> Void, stale: @escaping () -> Void) -> Disposable {
        reply.subscribe(onNext: { fetched in
            fetched.revision == revision ? arrived(fetched.details) : stale()
        }, onError: { error in
            if error.meansTheRowsWentAway {
                stale()
            }
        })
    }
}
