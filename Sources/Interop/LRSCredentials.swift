import Foundation

/// The user name and password for HTTP basic authentication at an LRS.
public struct LRSCredentials: Equatable, Sendable {
    public var user: String
    public var password: String

    public init(user: String, password: String) {
        self.user = user
        self.password = password
    }

    /// The `Authorization` header's value.
    public var basicAuthorization: String {
        "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
    }

    /// Credentials were given half, or the netrc file cannot be read.
    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    /// The credentials for `host`: `EDUJAM_LRS_USER` and `EDUJAM_LRS_PASSWORD` when set (both or
    /// neither), else the netrc file's entry for the host (`machine HOST`, or `default`). The
    /// netrc file is `NETRC` when set, else `~/.netrc`; a missing file means no credentials.
    /// - Returns: nil when there are none: the request goes without, and an LRS that needs them
    ///   answers 401.
    /// - Throws: ``Problem`` for one variable without the other, or a netrc file that exists but
    ///   cannot be read.
    public static func find(host: String, environment: [String: String], home: String) throws -> LRSCredentials? {
        switch (environment["EDUJAM_LRS_USER"], environment["EDUJAM_LRS_PASSWORD"]) {
        case (let user?, let password?): return LRSCredentials(user: user, password: password)
        case (_?, nil): throw Problem(description: "EDUJAM_LRS_USER is set but EDUJAM_LRS_PASSWORD is not: set both")
        case (nil, _?): throw Problem(description: "EDUJAM_LRS_PASSWORD is set but EDUJAM_LRS_USER is not: set both")
        case (nil, nil): break
        }
        let path =
            environment["NETRC"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (home as NSString).appendingPathComponent(".netrc")
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Problem(description: "cannot read the netrc file \(path)")
        }
        return Netrc.credentials(in: String(decoding: data, as: UTF8.self), host: host)
    }
}

/// The `.netrc` format curl, ftp and Python read: whitespace-separated tokens, `machine NAME`
/// (or `default`) followed by `login`, `password` and `account`; `macdef NAME` starts a macro
/// that runs to the next empty line. Tokens may be double-quoted, with `\` escapes.
enum Netrc {
    /// The login and password of the first `machine` entry for `host` (case-insensitive), else of
    /// the `default` entry; nil when neither has both.
    static func credentials(in text: String, host: String) -> LRSCredentials? {
        var entries: [(machine: String?, login: String?, password: String?)] = []
        var words = tokens(text).makeIterator()
        while let word = words.next() {
            switch word {
            case "machine": entries.append((words.next()?.lowercased() ?? "", nil, nil))
            case "default": entries.append((nil, nil, nil))
            case "login": if !entries.isEmpty { entries[entries.count - 1].login = words.next() }
            case "password": if !entries.isEmpty { entries[entries.count - 1].password = words.next() }
            case "account": _ = words.next()
            default: break
            }
        }
        let wanted = host.lowercased()
        let entry = entries.first { $0.machine == wanted } ?? entries.first { $0.machine == nil }
        guard let login = entry?.login, let password = entry?.password else { return nil }
        return LRSCredentials(user: login, password: password)
    }

    /// The file's tokens, macro bodies left out.
    static func tokens(_ text: String) -> [String] {
        var found: [String] = []
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).makeIterator()
        while let line = lines.next() {
            let lineTokens = tokens(inLine: Substring(line))
            guard let macro = lineTokens.firstIndex(of: "macdef") else {
                found += lineTokens
                continue
            }
            found += lineTokens[..<macro]
            while let body = lines.next(), !body.trimmingCharacters(in: .whitespaces).isEmpty {}
        }
        return found
    }

    private static func tokens(inLine line: Substring) -> [String] {
        var tokens: [String] = []
        var current = ""
        var quoted = false
        var inToken = false
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
                continue
            }
            if quoted {
                if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    quoted = false
                } else {
                    current.append(character)
                }
                continue
            }
            if character.isWhitespace {
                if inToken {
                    tokens.append(current)
                    current = ""
                    inToken = false
                }
            } else if character == "\"" {
                quoted = true
                inToken = true
            } else {
                current.append(character)
                inToken = true
            }
        }
        if inToken { tokens.append(current) }
        return tokens
    }
}
