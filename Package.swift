// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "rxwidgets",
    products: [
        .library(name: "RxCore", targets: ["RxCore"]),
        .library(name: "RxTest", targets: ["RxTest"]),
        .library(name: "RxBlocking", targets: ["RxBlocking"]),
        .library(name: "RxDelegate", targets: ["RxDelegate"]),
        .library(name: "RxWidgets", targets: ["RxWidgets"]),
        .library(name: "DBus", targets: ["DBus"]),
        .library(name: "Service", targets: ["Service"]),
        .library(name: "RxWidgetsClient", targets: ["RxWidgetsClient"]),
        .executable(name: "rxwidgetsd", targets: ["rxwidgetsd"]),
        .executable(name: "rxwidgets", targets: ["rxwidgets"]),
        .executable(name: "rxwidgets-bench", targets: ["rxwidgets-bench"]),
    ],
    targets: [
        .target(name: "CLinux"),
        .target(name: "RxCore", dependencies: ["CLinux"]),
        .target(name: "RxTest", dependencies: ["RxCore"]),
        .target(name: "RxBlocking", dependencies: ["RxCore"]),
        .target(name: "RxDelegate", dependencies: ["RxCore"]),
        .target(name: "RxWidgets", dependencies: ["RxCore", "RxDelegate"]),
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        .target(name: "DBus", dependencies: ["CDBus", "RxCore"]),
        .target(name: "Service", dependencies: ["DBus", "RxWidgets"]),
        .target(name: "RxWidgetsClient", dependencies: ["DBus", "RxCore"]),
        .executableTarget(name: "rxwidgetsd", dependencies: ["Service", "CLinux"]),
        .executableTarget(name: "rxwidgets", dependencies: ["RxWidgetsClient", "CLinux"]),
        .target(name: "BusTestSupport", dependencies: ["RxCore"]),
        .executableTarget(name: "rxwidgets-bench", dependencies: ["DBus", "BusTestSupport", "CLinux"]),
        .target(name: "ProxyTestSupport", dependencies: ["RxDelegate", "RxTest"]),
        .testTarget(name: "RxCoreTests", dependencies: ["RxCore", "RxTest", "RxBlocking"]),
        .testTarget(name: "RxDelegateTests", dependencies: ["RxDelegate", "RxTest", "ProxyTestSupport"]),
        .testTarget(name: "RxWidgetsTests", dependencies: ["RxWidgets", "RxTest", "ProxyTestSupport", "BusTestSupport"]),
        .testTarget(name: "DBusTests", dependencies: ["DBus", "RxTest", "BusTestSupport"]),
        .testTarget(name: "ServiceTests", dependencies: ["Service", "BusTestSupport"]),
        .testTarget(name: "IntegrationTests", dependencies: ["DBus", "RxWidgets", "RxWidgetsClient", "BusTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
