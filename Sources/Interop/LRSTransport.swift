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
    /// An answer no LRS gives to statements (one larger than ``HTTPTransport/maxAnswerBytes``):
    /// `reason` in words that follow "the LRS". Not read further; a later try may meet the LRS itself.
    case unusable(reason: String)
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
///
/// Whatever the server does, a request ends: within `timeout` seconds in all (an LRS that sends
/// its headers and then a byte a second is given up at the deadline, not only one that stays
/// silent), and after at most ``maxAnswerBytes`` of answer (a 1 GB body is cut off, never held).
public final class HTTPTransport: LRSTransport {
    /// The most of an answer that is read: what an LRS says to statements is their ids (a JSON
    /// array of 36-character UUIDs, some 40 bytes each: 400 KB for the largest batch,
    /// `--batch-size 10000`) or a short error message. Anything longer is not an answer to them.
    public static let maxAnswerBytes = 1 << 20

    let endpoint: LRSEndpoint
    let credentials: LRSCredentials?
    let timeout: Double
    let isInterrupted: @Sendable () -> Bool
    private let session: URLSession
    private let exchanges = Exchanges()

    /// - Parameters:
    ///   - endpoint: Where to POST (`ENDPOINT/statements`).
    ///   - credentials: Basic authentication, or nil for none.
    ///   - timeout: Seconds one try may take in all, from sending to the answer's last byte.
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
        session = URLSession(configuration: configuration, delegate: exchanges, delegateQueue: nil)
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
        let task = session.dataTask(with: request)
        let exchange = exchanges.begin(task)
        defer { exchanges.end(task) }
        task.resume()
        let deadline = DispatchTime.now() + timeout
        // Wait in short slices so Ctrl-C and the deadline are noticed while the LRS takes its time.
        while exchange.done.wait(timeout: .now() + .milliseconds(100)) == .timedOut {
            if isInterrupted() {
                return cancel(task, exchange, answer: .interrupted)
            }
            if DispatchTime.now() >= deadline {
                let seconds = String(format: "%g", timeout)
                return cancel(
                    task, exchange, answer: .unreachable(reason: "no whole answer within \(seconds) s", retryable: true)
                )
            }
        }
        return exchange.state.withLock { $0.answer } ?? .unreachable(reason: "no answer", retryable: true)
    }

    /// Cancels `task`, waits for its end, and returns `answer`.
    private func cancel(_ task: URLSessionDataTask, _ exchange: Exchange, answer: LRSAnswer) -> LRSAnswer {
        task.cancel()
        exchange.done.wait()
        return answer
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

/// One request in flight: the answer as it arrives, and a signal when it ends.
private final class Exchange: Sendable {
    struct State {
        var response: URLResponse?
        var body = Data()
        /// Set when the body passed ``HTTPTransport/maxAnswerBytes`` and the task was cancelled.
        var tooLarge = false
        var answer: LRSAnswer?
    }
    let state = Mutex(State())
    let done = DispatchSemaphore(value: 0)
}

/// The session's delegate: collects each task's answer up to ``HTTPTransport/maxAnswerBytes``
/// and refuses every redirect, so the 3xx answer itself comes back.
private final class Exchanges: NSObject, URLSessionDataDelegate, Sendable {
    private let inFlight = Mutex<[Int: Exchange]>([:])

    func begin(_ task: URLSessionTask) -> Exchange {
        let exchange = Exchange()
        inFlight.withLock { $0[task.taskIdentifier] = exchange }
        return exchange
    }

    func end(_ task: URLSessionTask) {
        _ = inFlight.withLock { $0.removeValue(forKey: task.taskIdentifier) }
    }

    private func exchange(_ task: URLSessionTask) -> Exchange? {
        inFlight.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        exchange(dataTask)?.state.withLock { $0.response = response }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let exchange = exchange(dataTask) else { return }
        let tooLarge = exchange.state.withLock { state -> Bool in
            guard !state.tooLarge else { return false }
            guard state.body.count + data.count <= HTTPTransport.maxAnswerBytes else {
                state.tooLarge = true
                state.body = Data()
                return true
            }
            state.body.append(data)
            return false
        }
        if tooLarge { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let exchange = exchange(task) else { return }
        exchange.state.withLock { state in
            if state.tooLarge {
                state.answer = .unusable(
                    reason:
                        "answered with more than \(HTTPTransport.maxAnswerBytes / 1024) KiB (it was not read further)")
            } else {
                state.answer = HTTPTransport.answer(data: state.body, response: state.response, error: error)
            }
        }
        exchange.done.signal()
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
