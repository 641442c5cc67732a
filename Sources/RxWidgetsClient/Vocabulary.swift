// The value types the client's API speaks in — a model or a form value is a
// `DBusValue`, a widget's address an `ObjectPath` — re-exported one by one,
// so a program built on the client imports RxWidgetsClient alone and never
// the connection and message machinery beneath it.
@_exported import enum DBus.DBusValue
@_exported import enum DBus.DBusType
@_exported import struct DBus.ObjectPath
@_exported import protocol DBus.DBusConvertible
// Observables, DisposeBag and the main loop are the API's vocabulary too, as
// RxCocoa's users get RxSwift's with it.
@_exported import RxCoreEssentials
// The API's error names, which a client compares `WidgetsClientError.name` with.
@_exported import enum WidgetsAPI.WidgetsErrorName
// The API's names: its bus name, root path and form templates; the kinds of
// widget; and the words its forms speak in.
@_exported import enum WidgetsAPI.WidgetsAPI
@_exported import enum WidgetsAPI.WidgetKind
@_exported import WidgetsVocabulary
