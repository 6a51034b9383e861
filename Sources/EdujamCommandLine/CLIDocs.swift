import DeclaredCommands
import Foundation

/// docs/cli.md's generated blocks (``MarkdownBlocks``), made from the commands' declarations:
/// `make docs` (`edujam __docs docs/cli.md`) rewrites them.
public enum CLIDocs {
    /// Each block's name and what it holds.
    static func blocks(_ program: Program = .edujam) -> [(name: String, text: String)] {
        [
            ("commands", MarkdownBlocks.commandTable(program)),
            (
                "games-folder",
                MarkdownBlocks.groupTable(
                    program, heading: ("the games folder is", "by"),
                    groups: GamesFolderUse.allCases.map { ($0.rawValue, words($0)) })
            ),
            ("options", MarkdownBlocks.optionTables(program)),
        ]
    }

    /// `text` with every generated block made anew.
    /// - Throws: ``UsageError`` naming a block whose markers are missing.
    public static func rewrite(_ text: String, _ program: Program = .edujam) throws -> String {
        try MarkdownBlocks.rewrite(text, blocks(program))
    }

    private static func words(_ use: GamesFolderUse) -> String {
        switch use {
        case .none: "not read: the store names the collection, so they work in any folder"
        case .reads: "read: without one they stop and say where they looked"
        case .whenNotInStore: "read only for a game the store does not have"
        case .writes: "where the new game is made"
        }
    }
}
