/// The headless widgets with Foundation's types where UIKit takes them
/// (`CGRect` frames, `NSAttributedString` titles and texts), so RxCocoa code
/// ports by dropping `UI`. The daemon links `RxWidgetsEssentials` alone, which
/// needs only FoundationEssentials.
@_exported import RxCore
@_exported import RxWidgetsEssentials
