import Foundation
import Testing

/// Every ``Symbol/path`` a doc comment or doc names exists: a renamed case or a removed method
/// leaves no link behind it. The symbol graphs come from `make docs-check` (part of `make test`),
/// which builds them from the built modules and runs this suite with `EDUJAM_SYMBOL_GRAPHS` set.
@Suite struct DocLinkTests {
    static let graphs = ProcessInfo.processInfo.environment["EDUJAM_SYMBOL_GRAPHS"]

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    @Test(.enabled(if: graphs != nil, "no symbol graphs: `make docs-check` makes them and runs this test"))
    func everyLinkInTheSourcesAndDocsNamesASymbolThatExists() throws {
        let index = try SymbolIndex(graphsIn: URL(fileURLWithPath: try #require(Self.graphs)))
        #expect(index.resolves("Tracking/Limits"), "the graphs hold the modules' symbols")
        let links = try DocLink.links(inPackageAt: Self.packageRoot)
        #expect(links.count > 500, "the links are found")
        let broken = links.filter { !index.resolves($0.text) }
        #expect(
            broken.isEmpty, "links to symbols that do not exist:\n\(broken.map(\.description).joined(separator: "\n"))")
    }

    @Test(.enabled(if: graphs != nil, "no symbol graphs: `make docs-check` makes them and runs this test"))
    func everyTypeAndMemberTheDocsNameExists() throws {
        let index = try SymbolIndex(graphsIn: URL(fileURLWithPath: try #require(Self.graphs)))
        let names = try DocLink.codeNames(inPackageAt: Self.packageRoot)
        #expect(names.count > 50, "the names are found")
        let broken = names.filter { !index.resolvesCodeName($0.text) }
        #expect(
            broken.isEmpty, "names of symbols that do not exist:\n\(broken.map(\.description).joined(separator: "\n"))")
    }

    /// A planted name of a method that was renamed is found; labels and standard members are not
    /// asked for.
    @Test func aDocNamingARenamedMethodIsFound() {
        let index = SymbolIndex(declaring: [["Sandbox", "call(_:field:)"], ["ItemKind"]])
        let markdown = """
            `Sandbox.call` and `Sandbox.call(_:field:)`, `ItemKind.allCases.count`, `Package.swift`,
            `CLSContext.title`, `Sandbox.run`
            ```
            `Sandbox.inFence`
            ```
            """
        let broken = DocLink.codeNames(in: markdown, file: "planted.md").filter { !index.resolvesCodeName($0.text) }
        #expect(broken == [DocLink(file: "planted.md", line: 2, text: "Sandbox.run")])
    }

    /// A planted link to a case that was renamed is found, with its file and line.
    @Test func aLinkToARenamedCaseIsFound() {
        let index = SymbolIndex(declaring: [["TrackingError", "tooLong(_:)"], ["Limits", "title"]])
        let source = """
            /// Within ``Limits/title``.
            /// - Throws: ``TrackingError/titleTooLong(length:)``.
            // ``NotADocComment``
            """
        let broken = DocLink.links(in: source, file: "Planted.swift").filter { !index.resolves($0.text) }
        #expect(broken == [DocLink(file: "Planted.swift", line: 2, text: "TrackingError/titleTooLong(length:)")])
    }

    @Test func relativeAndModuleQualifiedLinksResolve() {
        let index = SymbolIndex(declaring: [["IdentifierRule", "Kind", "maxBytes"]])
        #expect(index.resolves("Kind/maxBytes"))
        #expect(index.resolves("IdentifierRule/Kind-swift.enum/maxBytes"))
        #expect(!index.resolves("Kind/minBytes"))
        #expect(!index.resolves("maxBytes/Kind"))
    }

    @Test func disambiguationSuffixesAreDroppedButOperatorsKept() {
        #expect(SymbolIndex.withoutDisambiguation("init(_:)-3kx1") == "init(_:)")
        #expect(SymbolIndex.withoutDisambiguation("Kind-swift.enum") == "Kind")
        #expect(SymbolIndex.withoutDisambiguation("-(_:_:)") == "-(_:_:)")
        #expect(SymbolIndex.withoutDisambiguation("overrun(_:)") == "overrun(_:)")
    }

    @Test func fencesAndInlineCodeAreNotLinks() {
        #expect(DocLink.linkTexts(in: "/// ```swift") == [])
        #expect(DocLink.linkTexts(in: "/// `a` and ``b`` and ``c d``") == ["b"])
    }
}
