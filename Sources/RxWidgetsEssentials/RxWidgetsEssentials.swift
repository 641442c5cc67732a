@_exported import RxCoreEssentials
@_exported import RxDelegate
