import Foundation
import Tracking

/// An LRS's xAPI endpoint, such as `https://lrs.school.example/xAPI/`: statements are POSTed to
/// `ENDPOINT/statements`.
public struct LRSEndpoint: Equatable, Sendable, CustomStringConvertible {
    /// The endpoint without a trailing slash, scheme and host in lower case: what the store
    /// records acceptance under, so `…/xAPI` and `…/xAPI/` are the same LRS.
    public let key: String
    /// The host, for finding credentials in `~/.netrc`.
    public let host: String

    /// Why a URL cannot be an LRS endpoint: one line, naming the URL.
    public struct Invalid: Error, CustomStringConvertible {
        public let description: String
    }

    /// Reads an endpoint as typed.
    /// - Throws: ``Invalid`` when `text` is not an absolute http(s) URL with a host, or carries a
    ///   user name or password (those belong in the environment or `~/.netrc`, not in process
    ///   lists and shell histories), a query or a fragment.
    public init(_ text: String) throws {
        // The URL as typed may carry a password: the message shows it hidden.
        func invalid(_ why: String) -> Invalid {
            Invalid(description: "'\(HiddenPassword.shown(text))' is not an LRS endpoint: \(why)")
        }
        guard let parts = URLComponents(string: text), let scheme = parts.scheme?.lowercased() else {
            throw invalid("expected an http(s) URL like https://lrs.example/xAPI/")
        }
        guard scheme == "http" || scheme == "https" else { throw invalid("the scheme must be http or https") }
        guard let host = parts.host, !host.isEmpty else { throw invalid("no host name") }
        guard parts.user == nil, parts.password == nil else {
            throw invalid("put credentials in EDUJAM_LRS_USER and EDUJAM_LRS_PASSWORD or ~/.netrc, not in the URL")
        }
        guard parts.query == nil, parts.fragment == nil else { throw invalid("no query or fragment allowed") }
        if let port = parts.port, !(1...65535).contains(port) { throw invalid("port \(port) is out of range") }
        var path = parts.path
        while path.hasSuffix("/") { path.removeLast() }
        let port = parts.port.map { ":\($0)" } ?? ""
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        self.host = host.lowercased()
        key = "\(scheme)://\(shownHost.lowercased())\(port)\(path)"
        guard URL(string: key + "/statements") != nil else { throw invalid("not a valid URL") }
    }

    /// `ENDPOINT/statements`.
    public var statementsURL: URL { URL(string: key + "/statements")! }

    public var description: String { key }
}
