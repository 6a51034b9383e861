import Foundation

/// Every symbol path the package's modules declare, read from their symbol graphs (the JSON
/// `swift-symbolgraph-extract` writes, `make docs-check`), to resolve a doc comment's
/// ``Symbol/path`` links against.
///
/// A link resolves when some symbol's path ends with the link's components (`Kind/maxBytes`
/// is `IdentifierRule/Kind/maxBytes` seen from `IdentifierRule`), or when it is a module name
/// followed by such a path (`Tracking/Limits`). DocC also asks that a relative link be in scope;
/// this index does not, so it catches names that exist nowhere (a renamed case, a removed
/// method, a wrong argument label), which is what goes stale.
struct SymbolIndex {
    private var paths: Set<[String]> = []
    /// The same paths with each function's parameters dropped (`Sandbox/call`), for the docs'
    /// prose names, which leave the labels out.
    private var baseNamePaths: Set<[String]> = []

    /// One symbol graph file's symbols, as much of its JSON as the index reads.
    private struct Graph: Decodable {
        struct Module: Decodable { var name: String }
        struct Symbol: Decodable { var pathComponents: [String] }
        var module: Module
        var symbols: [Symbol]
    }

    /// An index of the given paths, each as a module would declare it (for tests).
    init(declaring declared: [[String]] = []) {
        for path in declared { add(path, module: nil) }
    }

    /// An index of every `*.symbols.json` in `folder`.
    /// - Throws: An error naming the file that cannot be read or decoded.
    init(graphsIn folder: URL) throws {
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasSuffix(".symbols.json") }
        for file in files {
            let graph: Graph
            do {
                graph = try JSONDecoder().decode(Graph.self, from: Data(contentsOf: file))
            } catch {
                throw DocsCheckError("cannot read symbol graph \(file.path): \(error)")
            }
            paths.insert([graph.module.name])
            for symbol in graph.symbols { add(symbol.pathComponents, module: graph.module.name) }
        }
    }

    /// Whether `link` (the text between double backticks) names a declared symbol.
    func resolves(_ link: String) -> Bool {
        paths.contains(link.split(separator: "/", omittingEmptySubsequences: false).map(Self.withoutDisambiguation))
    }

    /// Whether `name`, a dotted name in a doc's inline code (`Sandbox.call`, `Limits.title`),
    /// names a declared symbol, whatever the function's labels: `Sandbox.call(_:field:)` is
    /// checked as `Sandbox/call`.
    func resolvesCodeName(_ name: String) -> Bool {
        baseNamePaths.contains(name.split(separator: ".").map(Self.baseName))
    }

    private mutating func add(_ path: [String], module: String?) {
        for start in path.indices {
            paths.insert(Array(path[start...]))
            baseNamePaths.insert(path[start...].map(Self.baseName))
        }
        if let module { paths.insert([module] + path) }
    }

    /// A function's name without its parameters: `call(_:field:)` is `call`.
    static func baseName(_ component: some StringProtocol) -> String {
        String(component.prefix { $0 != "(" })
    }

    /// A link component without DocC's disambiguation suffix: `init(_:)-3kx1` and
    /// `Kind-swift.enum` name `init(_:)` and `Kind`. An operator's own dash (`-(_:_:)`) stays.
    static func withoutDisambiguation(_ component: Substring) -> String {
        guard let dash = component.lastIndex(of: "-"), dash != component.startIndex else { return String(component) }
        let suffix = component[component.index(after: dash)...]
        let isKind = suffix.hasPrefix("swift.") && suffix.dropFirst(6).allSatisfy { $0.isLetter || $0 == "." }
        let isHash = (1...6).contains(suffix.count) && suffix.allSatisfy { $0.isLowercase || $0.isNumber }
        return isKind || isHash ? String(component[..<dash]) : String(component)
    }
}

/// Why the check could not run, with the file it could not read.
struct DocsCheckError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
