// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "rxwidgets",
    products: [
        .library(name: "RxCore", targets: ["RxCore"]),
        .library(name: "RxTest", targets: ["RxTest"]),
    ],
    targets: [
        .target(name: "CLinux"),
        .target(name: "RxCore", dependencies: ["CLinux"]),
        .target(name: "RxTest", dependencies: ["RxCore"]),
        .testTarget(name: "RxCoreTests", dependencies: ["RxCore", "RxTest"]),
    ],
    swiftLanguageModes: [.v6]
)
