import DeclaredCommands
import Foundation
import Runtime
import SchoolServer

/// `edujam server setup`, parsed once from the options ``ServerCommand/declaration`` declares.
enum ServerSetupOptions {
    /// - Throws: ``UsageError`` for a missing or unknown action, positional words, a name PostgreSQL
    ///   and `useradd` would not both take (``ServerSettings/isName(_:)``), or a port that is not one.
    static func parse(_ words: [String]) throws -> ServerSettings {
        let arguments = try Arguments(words, declared: ServerCommand.declaration.options)
        guard let action = arguments.positionals.first else { throw UsageError("server needs an action: setup") }
        guard action == "setup" else {
            throw UsageError("unknown server action '\(action)'\(Suggest.hint(for: action, among: ["setup"]))")
        }
        guard arguments.positionals.count == 1 else { throw UsageError("server setup takes no other words") }
        var settings = ServerSettings()
        if let database = arguments.value("--database") { settings.database = try name(database, "--database") }
        if let owner = arguments.value("--owner") { settings.owner = try name(owner, "--owner") }
        if let folder = arguments.value("--socket-dir") {
            guard folder.hasPrefix("/") else {
                throw UsageError("--socket-dir takes an absolute folder, not '\(folder)'")
            }
            settings.socketFolder = folder
        }
        if let text = arguments.value("--port") {
            guard let port = Int(text), (1...65_535).contains(port) else {
                throw UsageError("--port takes a port number (1 to 65535), not '\(text)'")
            }
            settings.port = port
        }
        settings.roster = arguments.value("--roster")
        settings.games = CommonOptions(arguments).games
        return settings
    }

    private static func name(_ text: String, _ option: String) throws -> String {
        guard ServerSettings.isName(text) else {
            throw UsageError(
                "\(option) takes a name of lower-case letters, digits and _ (at most 31, not starting with a digit), not '\(text)'"
            )
        }
        return text
    }
}
