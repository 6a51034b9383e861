import Foundation

/// Keeps the password of a connection string or URL out of every message: libpq's and the URL
/// parser's own messages quote what they could not read (`invalid percent-encoded token:
/// "Sup3r%ZZSecret"`, or the whole URL), and a person pastes such a message into a ticket.
///
/// It looks for the password the way a careless reader would, without trusting the string to be
/// well formed: the user-info password of a URL (between the first `:` after `scheme://` and the
/// last `@`), and the value of every `password=` (a URL's query or libpq's `key=value` pairs,
/// quoted or not). Each is hidden as typed and percent-decoded. Hiding a little too much (a
/// malformed URL whose "password" is really a port) is the price of never showing one.
public enum HiddenPassword {
    /// What stands for a password in a message.
    public static let mask = "********"

    /// `text` with every password `address` may carry replaced by ``mask``.
    /// - Parameters:
    ///   - text: A message that may quote `address` or a part of it.
    ///   - address: The connection string or URL as the person gave it.
    public static func scrub(_ text: String, of address: String) -> String {
        var scrubbed = text
        for secret in candidates(in: address).sorted(by: { $0.count > $1.count }) {
            scrubbed = scrubbed.replacingOccurrences(of: secret, with: mask)
        }
        return scrubbed
    }

    /// `address` itself with its passwords hidden: what a message may show of it.
    public static func shown(_ address: String) -> String { scrub(address, of: address) }

    /// The passwords `address` may carry, as typed and percent-decoded; never empty strings.
    static func candidates(in address: String) -> [String] {
        var found = [userInfoPassword(address)].compactMap { $0 } + passwordValues(address)
        found += found.compactMap { $0.removingPercentEncoding }
        return Array(Set(found.filter { !$0.isEmpty }))
    }

    /// What follows the first `:` of a URL's user info (`scheme://user:PASSWORD@host`), up to the
    /// last `@` of the string: a password may hold an unencoded `@`, and a malformed URL has no
    /// reliable end of host.
    private static func userInfoPassword(_ address: String) -> String? {
        guard let scheme = address.range(of: "://") else { return nil }
        let rest = address[scheme.upperBound...]
        guard let at = rest.lastIndex(of: "@") else { return nil }
        let userInfo = rest[..<at]
        guard let colon = userInfo.firstIndex(of: ":") else { return nil }
        return String(userInfo[userInfo.index(after: colon)...])
    }

    /// The value of every `password = VALUE` (any case, spaces around `=`): quoted with `'` (libpq's
    /// `\'` and `\\` inside) or up to the next space, `&` or end.
    private static func passwordValues(_ address: String) -> [String] {
        var values: [String] = []
        var searchFrom = address.startIndex
        while let key = address.range(
            of: "password", options: .caseInsensitive, range: searchFrom..<address.endIndex)
        {
            searchFrom = key.upperBound
            var index = address[key.upperBound...].firstIndex { $0 != " " } ?? address.endIndex
            guard index < address.endIndex, address[index] == "=" else { continue }
            index = address[address.index(after: index)...].firstIndex { $0 != " " } ?? address.endIndex
            let (value, written, end) = readValue(address, from: index)
            values += [value, written]
            searchFrom = end
        }
        return values
    }

    /// One value starting at `start`, and where it ends; a quoted value also as written between its quotes.
    private static func readValue(_ text: String, from start: String.Index) -> (String, String, String.Index) {
        guard start < text.endIndex, text[start] == "'" else {
            let end = text[start...].firstIndex { $0 == " " || $0 == "&" } ?? text.endIndex
            return (String(text[start..<end]), "", end)
        }
        var value = ""
        var index = text.index(after: start)
        while index < text.endIndex, text[index] != "'" {
            if text[index] == "\\", text.index(after: index) < text.endIndex { index = text.index(after: index) }
            value.append(text[index])
            index = text.index(after: index)
        }
        return (value, String(text[text.index(after: start)..<index]), index)
    }
}
