import Authoring
import Foundation
import Runtime

extension GameJobs {
    /// ``check(_:settings:)`` as `check` and `publish` run it: another game of the same games
    /// folder declaring the same id is an error too (the catalog refuses both), each games folder
    /// read once.
    /// - Returns: Each folder's findings, in order.
    public func checkBesideNeighbours(_ folders: [String], settings: GameChecker.Settings) -> [GameChecker.Result] {
        var clashes: [String: [String: GameLoadError]] = [:]
        return check(folders, settings: settings).map { result in
            let findings = result.findings + duplicateID(of: result.folder, clashes: &clashes)
            return GameChecker.Result(folder: result.folder, findings: findings, notes: result.notes)
        }
    }

    /// An error when another game beside `folder` declares the same id.
    private func duplicateID(of folder: String, clashes: inout [String: [String: GameLoadError]]) -> [Finding] {
        let games = PathText.parent(of: folder)
        if clashes[games] == nil { clashes[games] = Catalog.duplicateIDs(in: games, loader: declarations) }
        guard let error = clashes[games]?[PathText.name(of: folder)] else { return [] }
        return [
            Finding(
                .error, file: (folder as NSString).appendingPathComponent("game.lua"), line: nil, "\(error)",
                check: "declaration")
        ]
    }
}
