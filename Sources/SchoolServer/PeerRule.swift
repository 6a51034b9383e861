/// The `pg_hba.conf` line `server setup` needs, `local DATABASE all peer`: over the Unix socket, the
/// Unix account `ana` is the login `ana`, with nothing to type (docs/admin.md).
///
/// PostgreSQL takes the first line that matches a connection, so what a new line at the top would
/// change is read from the local lines that match the database, in order, down to the first one
/// for every user. The line is added only where it changes nothing or makes a rule stricter: above
/// `trust`, `peer` and `ident` lines. Above any other method (a password, `pam`, `reject`) it would
/// let an account in by its name alone where the school asked for more, so setup stops instead and
/// says which line; nothing is added when those lines already say `peer`.
enum PeerRule {
    /// What to do with the file.
    enum Decision: Equatable {
        /// Local logins to the database already go by peer: nothing to add.
        case present
        /// Insert ``lines(database:)`` before this line (0-based; the file's end when past it).
        case insert(before: Int)
        /// A line asks for more than peer: its number (1-based) and text.
        case stricter(line: Int, text: String)
    }

    /// The methods a peer line may go above: it asks as much as they do, or more.
    private static let replaceable: Set<String> = ["trust", "peer", "ident"]

    /// The two lines added: a comment saying who added them and why, and the rule.
    static func lines(database: String) -> [String] {
        [
            "# edujam server setup: a local login to \(database) is the Unix account of the same name",
            "local   \(database)   all   peer",
        ]
    }

    /// What adding the peer line for `database` to the file `text` means.
    static func decide(_ text: String, database: String) -> Decision {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var firstRule: Int?
        var methods: [String] = []
        for (index, line) in lines.enumerated() {
            let fields = self.fields(line)
            guard !fields.isEmpty else { continue }
            if firstRule == nil { firstRule = index }
            guard fields[0] == "local", fields.count >= 4, matches(fields[1], database) else { continue }
            let method = fields[3]
            guard replaceable.contains(method) else {
                return .stricter(line: index + 1, text: line.trimmingCharacters(in: .whitespaces))
            }
            methods.append(method)
            if fields[2] == "all" {
                return methods.allSatisfy { $0 == "peer" } ? .present : .insert(before: firstRule ?? 0)
            }
        }
        return .insert(before: firstRule ?? lines.count)
    }

    /// `text` with the peer lines inserted before line `index` (0-based).
    static func inserting(into text: String, before index: Int, database: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.insert(contentsOf: self.lines(database: database), at: min(index, lines.count))
        return lines.joined(separator: "\n")
    }

    /// A line's fields, without its comment; empty for a blank or comment line.
    private static func fields(_ line: String) -> [String] {
        let rule = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return rule.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    }

    /// Whether a line's database field may match `database`: `all`, the name itself in a list, or
    /// a keyword (`sameuser`, `samerole`) or file (`@file`) that may name it; not `replication`.
    private static func matches(_ field: String, _ database: String) -> Bool {
        field.split(separator: ",").contains { entry in
            entry == "all" || entry == database || entry == "sameuser" || entry == "samerole"
                || entry == "samegroup" || entry.hasPrefix("@") || entry.hasPrefix("\"") || entry.hasPrefix("/")
        }
    }
}
