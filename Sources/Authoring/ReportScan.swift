import Foundation
import Runtime

/// What a game reports, read from its source without playing it: ClassKit's progress
/// reporting capabilities (duration always; progress, quantity, binary, score as the
/// script calls them) and the item identifiers it sets with literal names.
public struct ReportedCapabilities: Equatable, Sendable, Encodable {
    /// `duration`, then `progress`, `quantity`, `binary`, `score` in that order when reported.
    public var kinds: [String]
    /// Item identifiers with their kind, in the order first set in the source: `score (quantity)`.
    public var items: [Item]

    /// An item a game sets, e.g. `score` of kind `quantity`.
    public struct Item: Equatable, Sendable, Encodable {
        public var identifier: String
        public var kind: String
    }

    /// Scans `game.lua` and its modules (the files of its package, ``GameFolderWalk``: bounded,
    /// each file read once) for `activity.*` calls; a folder the walk refuses is scanned no
    /// further than `game.lua`, so one game's folder costs no more than a package's limits.
    public static func scan(gameFolder folder: String) -> ReportedCapabilities {
        let calls = GameChecker.luaFiles(in: folder).files.flatMap { path -> [ActivityCallCheck.Call] in
            guard let source = try? SourceFile.text(path, confinedTo: folder) else { return [] }
            return ActivityCallCheck.calls(in: LuaTokenizer.tokens(source))
        }
        var items: [Item] = []
        for call in calls where KnownNames.itemFunctions.contains(call.name) {
            guard case .string(let id)? = call.arguments.first, !items.contains(where: { $0.identifier == id }) else {
                continue
            }
            items.append(Item(identifier: id, kind: call.name))
        }
        let used = Set(calls.map(\.name))
        let kinds = ["duration"] + (["progress"] + KnownNames.itemFunctions).filter(used.contains)
        return ReportedCapabilities(kinds: kinds, items: items)
    }
}
