@_exported import RxCore
@_exported import RxDelegate
