// swift-tools-version:6.0
import PackageDescription

// Module layout and dependency direction: docs/ARCHITECTURE.md.
// CLI (edujam) -> School -> {Authoring -> Playtest ->} Runtime -> {Sandbox, Tracking, GameContent}, School -> Classroom;
// CLI -> {ReportPage, Interop} -> Classroom -> {Tracking, GameContent}; CLI -> SchoolServer -> School;
// CLI -> EdujamCommandLine (EduJam's grammar: declarations and option types) -> DeclaredCommands (the
// command-line library: no EduJam module below it);
// Sandbox -> LuaShim -> CLua; Tracking -> {CSQLite, CLibPQ}. Each target lists every module it imports.
let package = Package(
    name: "EduJam",
    products: [
        .library(name: "Sandbox", targets: ["Sandbox"]),
        .library(name: "Tracking", targets: ["Tracking"]),
        .library(name: "Classroom", targets: ["Classroom"]),
        .library(name: "GameContent", targets: ["GameContent"]),
        .library(name: "Runtime", targets: ["Runtime"]),
        .library(name: "ReportPage", targets: ["ReportPage"]),
        .library(name: "ReportText", targets: ["ReportText"]),
        .library(name: "Interop", targets: ["Interop"]),
        .library(name: "School", targets: ["School"]),
        .library(name: "SchoolServer", targets: ["SchoolServer"]),
        .library(name: "DeclaredCommands", targets: ["DeclaredCommands"]),
        .library(name: "EdujamCommandLine", targets: ["EdujamCommandLine"]),
        .executable(name: "edujam", targets: ["edujam"]),
        .executable(name: "edujam-bench", targets: ["edujam-bench"]),
    ],
    targets: [
        // Lua's headers only: the library itself is linked by LuaShim, statically (below).
        .systemLibrary(name: "CLua", path: "Sources/CLua", providers: [.apt(["liblua5.4-dev"])]),
        // Debian's liblua5.4.a (position-independent, from liblua5.4-dev), linked the way the
        // stock lua5.4 interpreter links it: calls into Lua stay inside the binary instead of
        // going through liblua5.4.so's PLT, which cost up to 15% (bench/README.md). `-l:FILE`
        // names the archive itself, so the package stays usable as a dependency (no unsafeFlags).
        .target(
            name: "LuaShim", dependencies: ["CLua"], path: "Sources/LuaShim",
            linkerSettings: [.linkedLibrary(":liblua5.4.a"), .linkedLibrary("m"), .linkedLibrary("dl")]),
        .target(name: "Sandbox", dependencies: ["LuaShim", "CLua"]),
        // C functions the bench compares the sandbox with (the bridge row's reference); not product code.
        .target(name: "BenchLuaC", dependencies: ["CLua"], path: "Sources/BenchLuaC"),
        .systemLibrary(
            name: "CSQLite", path: "Sources/CSQLite",
            providers: [.apt(["libsqlite3-dev"])]),
        // libpq, PostgreSQL's client library, for the shared school store (Tracking/PostgreSQL/).
        .systemLibrary(
            name: "CLibPQ", path: "Sources/CLibPQ", pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]),
        .target(name: "Tracking", dependencies: ["CSQLite", "CLibPQ"]),
        .target(name: "Classroom", dependencies: ["Tracking", "GameContent"]),
        // A game as its files, named by a content hash; the local cache of published versions.
        .target(name: "GameContent"),
        .target(name: "Runtime", dependencies: ["Sandbox", "Tracking", "GameContent"]),
        .target(name: "Interop", dependencies: ["Classroom", "Tracking"]),
        .target(name: "ReportPage", dependencies: ["Classroom", "Tracking"]),
        // The store's reports as text for a given width: the class grid, attempt and check tables,
        // the CSV, the inbox, game and class listings. Measures no terminal and prints nothing.
        .target(name: "ReportText", dependencies: ["Classroom", "Tracking", "Runtime", "Interop", "GameContent"]),
        .target(name: "Playtest", dependencies: ["Runtime", "Sandbox", "Tracking"]),
        .target(name: "Authoring", dependencies: ["Runtime", "Sandbox", "Tracking", "Playtest"]),
        // What a school does with games, for the CLI and any Swift host: publish, play from the
        // store (and its offline cache), verify; each game's untrusted work in a child process.
        .target(
            name: "School",
            dependencies: ["Runtime", "Classroom", "GameContent", "Tracking", "Sandbox", "Authoring", "Playtest"]),
        // A school's store on this machine's PostgreSQL cluster (`server setup`), and the machine's
        // config file that names it for every user.
        .target(name: "SchoolServer", dependencies: ["School", "Runtime"]),
        // A command line declared once, and the parsing, help, completions, man page and Markdown
        // tables made from it; knows nothing of EduJam.
        .target(name: "DeclaredCommands"),
        // EduJam's command line as words: every command's declaration, the program they make, and
        // the typed options each command's words parse into. Nothing in it runs or prints.
        .target(
            name: "EdujamCommandLine",
            dependencies: [
                "DeclaredCommands", "School", "SchoolServer", "Runtime", "Playtest", "Authoring", "Interop",
                "Classroom", "Tracking",
            ]),
        .executableTarget(
            name: "edujam",
            dependencies: [
                "EdujamCommandLine", "DeclaredCommands", "School", "SchoolServer", "Runtime", "Playtest", "Authoring",
                "ReportPage", "ReportText", "Interop", "Classroom",
                "Tracking",
                "Sandbox", "GameContent",
            ]),
        .executableTarget(
            name: "edujam-bench",
            dependencies: [
                "Sandbox", "LuaShim", "CLua", "Runtime", "Playtest", "Tracking", "Classroom", "Interop", "CSQLite",
                "CLibPQ", "BenchLuaC", "School", "ReportPage",
            ],
            swiftSettings: [.unsafeFlags(["-Ounchecked"])]),
        .testTarget(name: "SandboxTests", dependencies: ["Sandbox", "LuaShim"], resources: [.copy("Fixtures")]),
        .target(name: "TrackingTestSupport", dependencies: ["Tracking"], path: "Tests/TrackingTestSupport"),
        .testTarget(name: "TrackingTests", dependencies: ["Tracking", "TrackingTestSupport", "CSQLite"]),
        .testTarget(
            name: "ClassroomTests", dependencies: ["Classroom", "Tracking", "TrackingTestSupport", "GameContent"],
            // The schema fixtures are read and rewritten in the source tree (#filePath), not bundled.
            exclude: ["Fixtures"]),
        .testTarget(name: "GameContentTests", dependencies: ["GameContent"]),
        .testTarget(name: "TrackingPortingTests", dependencies: ["Tracking", "Classroom"]),
        .testTarget(
            name: "RuntimeTests",
            dependencies: ["Runtime", "Sandbox", "Tracking", "TrackingTestSupport", "GameContent"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "CLITests", dependencies: ["CSQLite", "Interop", "TrackingTestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "InteropTests", dependencies: ["Interop", "Classroom", "Tracking"], resources: [.copy("Fixtures")]),
        .testTarget(
            name: "CLIOptionsTests",
            dependencies: [
                "edujam", "EdujamCommandLine", "DeclaredCommands", "Tracking", "TrackingTestSupport", "Classroom",
            ]),
        // EmbedderTests uses School as a Swift embedder does: public API only, no @testable.
        .testTarget(
            name: "SchoolTests",
            dependencies: [
                "School", "Runtime", "Classroom", "Tracking", "GameContent", "TrackingTestSupport", "Authoring",
                "Playtest",
            ]),
        .testTarget(name: "SchoolServerTests", dependencies: ["SchoolServer"]),
        .testTarget(name: "DeclaredCommandsTests", dependencies: ["DeclaredCommands"]),
        .testTarget(name: "ReportTextTests", dependencies: ["ReportText", "Classroom", "Tracking"]),
        .testTarget(name: "ReportPageTests", dependencies: ["ReportPage", "Classroom", "Tracking"]),
        .testTarget(
            name: "AuthoringTests",
            dependencies: ["Authoring", "GameContent", "Playtest", "Runtime", "Sandbox", "Tracking"],
            resources: [.copy("Fixtures")]),
        .testTarget(name: "PlaytestTests", dependencies: ["Playtest", "Runtime"], resources: [.copy("Fixtures")]),
        .testTarget(name: "BenchTests", dependencies: ["edujam-bench", "Tracking"]),
        .testTarget(name: "DocsTests"),
    ],
    swiftLanguageModes: [.v6]
)

// `make test-asan` builds the sandbox's tests a second time under AddressSanitizer; with
// EDUJAM_ONLY_TESTS=SandboxTests (test targets, comma-separated) the package keeps only those and
// the modules they import, directly or not, so the build skips every other module and test target.
if let only = Context.environment["EDUJAM_ONLY_TESTS"] {
    var kept = Set<String>()
    var wanted = only.split(separator: ",").map(String.init)
    while let name = wanted.popLast() {
        guard kept.insert(name).inserted else { continue }
        // A misspelt name must not leave a package with no tests, which would pass.
        guard let target = package.targets.first(where: { $0.name == name }) else {
            fatalError("EDUJAM_ONLY_TESTS names \(name), which is not a target of Package.swift")
        }
        for dependency in target.dependencies {
            switch dependency {
            case .targetItem(let name, _), .byNameItem(let name, _): wanted.append(name)
            default: break
            }
        }
    }
    package.targets.removeAll { !kept.contains($0.name) }
    package.products = []
}
