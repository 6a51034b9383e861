import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What came back from one POST of statements.
public enum LRSAnswer: Sendable, Equatable {
    /// The LRS answered with this status and body.
    case http(status: Int, body: Data)
    /// No answer: `reason` in words; `retryable` when trying again later may help (a timeout, a
    /// refused or lost connection) and not when it cannot (an unknown host, a certificate that
    /// does not verify).
    case unreachable(reason: String, retryable: Bool)
    /// Ctrl-C while waiting: the request was cancelled.
    case interrupted
}

/// Sends one batch of statements (a JSON array) to an LRS.
public protocol LRSTransport {
    func post(_ body: Data) -> LRSAnswer
}

/// POSTs with Foundation's URLSession (libcurl on Linux): TLS certificates are always verified
/// (there is no way to turn that off), redirects are not followed (a POST turned into a GET by a
/// redirect would look like success), and every request carries `X-Experience-API-Version: 1.0.3`.
public final class HTTPTransport: LRSTransport {
    let endpoint: LRSEndpoint
    let credentials: LRSCredentials?
    let timeout: Double
    let isInterrupted: @Sendable () -> Bool
    private let session: URLSession

    /// - Parameters:
    ///   - endpoint: Where to POST (`ENDPOINT/statements`).
    ///   - credentials: Basic authentication, or nil for none.
    ///   - timeout: Seconds to wait for an answer before giving up on this try.
    ///   - isInterrupted: Polled while waiting; when it turns true the request is cancelled.
    public init(
        endpoint: LRSEndpoint, credentials: LRSCredentials?, timeout: Double,
        isInterrupted: @escaping @Sendable () -> Bool
    ) {
        self.endpoint = endpoint
        self.credentials = credentials
        self.timeout = timeout
        self.isInterrupted = isInterrupted
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.urlCache = nil
        session = URLSession(configuration: configuration, delegate: NoRedirects(), delegateQueue: nil)
    }

    deinit { session.invalidateAndCancel() }

    public func post(_ body: Data) -> LRSAnswer {
        var request = URLRequest(
            url: endpoint.statementsURL, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("1.0.3", forHTTPHeaderField: "X-Experience-API-Version")
        if let credentials { request.setValue(credentials.basicAuthorization, forHTTPHeaderField: "Authorization") }
        let box = AnswerBox()
        let task = session.dataTask(with: request) { data, response, error in
            box.answer.withLock { $0 = Self.answer(data: data, response: response, error: error) }
            box.done.signal()
        }
        task.resume()
        // Wait in short slices so Ctrl-C is noticed while the LRS takes its time.
        while box.done.wait(timeout: .now() + .milliseconds(100)) == .timedOut {
            if isInterrupted() {
                task.cancel()
                box.done.wait()
                return .interrupted
            }
        }
        return box.answer.withLock { $0 } ?? .unreachable(reason: "no answer", retryable: true)
    }

    static func answer(data: Data?, response: URLResponse?, error: (any Error)?) -> LRSAnswer {
        if let error { return unreachable(error) }
        guard let http = response as? HTTPURLResponse else {
            return .unreachable(reason: "the answer is not HTTP", retryable: false)
        }
        return .http(status: http.statusCode, body: data ?? Data())
    }

    /// A transport error in words, and whether trying again may help.
    static func unreachable(_ error: any Error) -> LRSAnswer {
        guard let code = (error as? URLError)?.code else {
            return .unreachable(reason: "\(error)", retryable: true)
        }
        switch code {
        case .cancelled: return .interrupted
        case .timedOut: return .unreachable(reason: "no answer in time", retryable: true)
        case .cannotConnectToHost: return .unreachable(reason: "connection refused", retryable: true)
        case .networkConnectionLost: return .unreachable(reason: "the connection was lost", retryable: true)
        case .notConnectedToInternet: return .unreachable(reason: "no network", retryable: true)
        case .cannotFindHost, .dnsLookupFailed: return .unreachable(reason: "unknown host", retryable: false)
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            return .unreachable(
                reason: "the TLS connection failed (is the certificate valid for this host?)", retryable: false)
        // libcurl reports TLS failures (a self-signed or expired certificate, plain HTTP on the
        // port) as "unknown", with its own words in the description: no retry fixes those. It
        // reports some refused connections ("Failed to connect … Couldn't connect to server") as
        // "unknown" too, and those a later try may get through.
        case .unknown:
            let words = error.localizedDescription
            let tls = ["SSL", "TLS", "certificate"].contains { words.localizedCaseInsensitiveContains($0) }
            return .unreachable(reason: words, retryable: !tls)
        default: return .unreachable(reason: error.localizedDescription, retryable: true)
        }
    }
}

/// Where the completion handler leaves the answer for the waiting thread.
private final class AnswerBox: Sendable {
    let answer = Mutex<LRSAnswer?>(nil)
    let done = DispatchSemaphore(value: 0)
}

/// Refuses every redirect, so the 3xx answer itself comes back.
private final class NoRedirects: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
