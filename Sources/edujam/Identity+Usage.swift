import Classroom
import DeclaredCommands

extension Identity {
    /// ``Identity/student(typed:identity:fallback:)``, with `--student` required where it returns none.
    /// - Throws: ``UsageError`` with `usage` when `--student` is required and missing; ``IdentityError``.
    static func student(typed: String?, identity: StoreIdentity, fallback: String? = nil, usage: String) throws
        -> String
    {
        guard let name = try student(typed: typed, identity: identity, fallback: fallback) else {
            throw UsageError(usage)
        }
        return name
    }
}
