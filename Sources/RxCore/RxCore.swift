// RxCore is RxCoreEssentials, everything of RxSwift's that needs no more of
// Foundation than FoundationEssentials, plus the one piece that needs all of
// it: OperationQueueScheduler. The daemon and the widgets build on the
// essentials alone, so they do not link Foundation's 49 MB (and its 3.7 MiB
// of resident memory at start); code ported from RxSwift imports RxCore and
// gets both, as one module.
@_exported import RxCoreEssentials
