import Foundation
import Classroom
import Runtime
import Tracking

/// What every store command needs: its arguments, the games folder's collection and the store.
struct StoreContext {
    let arguments: Arguments
    let games: String
    let store: TrackingStore

    init(_ words: [String], spec: Arguments.Spec) throws {
        arguments = try Arguments(words, spec: spec)
        games = try Installation.games(arguments)
        let collection = try GameCollection.load(from: games)
        store = try StoreLocation.open(arguments, collection: collection, clock: .real())
    }

    /// An identifier path as typed: `MATH-JAM/LEVEL-1`, with or without the root id.
    static func path(_ text: String) throws -> [String] {
        let path = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !path.isEmpty, !path.contains(where: \.isEmpty) else {
            throw UsageError("'\(text)' is not an identifier path (identifiers joined by '/', like MATH-JAM/LEVEL-1)")
        }
        return path
    }

    /// An assignment id as typed.
    static func assignmentID(_ text: String) throws -> Int64 {
        guard let id = Int64(text), id > 0 else { throw UsageError("'\(text)' is not an assignment id (a number)") }
        return id
    }
}

extension StoreContext {
    /// Runs a command's work; an unknown class or student comes back with the nearest name the
    /// store knows ("did you mean 'ana'?"), which only the command line can offer: Tracking
    /// knows nothing of `Suggest`.
    func suggestingNames(_ body: () throws -> ExitStatus) throws -> ExitStatus {
        do {
            return try body()
        } catch let error as TrackingError {
            let hint = (try? nearestName(to: error)) ?? ""
            guard !hint.isEmpty else { throw error }
            throw UnknownName(description: error.forPeople + hint)
        }
    }

    /// `--student S`, checked at the door by Tracking's name rule; nil when absent.
    func student() throws -> String? {
        guard let student = arguments.value("--student") else { return nil }
        try store.checkStudentName(student)
        return student
    }

    private func nearestName(to error: TrackingError) throws -> String {
        let classes = try store.classes()
        switch error {
        case .unknownClass(let name):
            return Suggest.hint(for: name, among: classes.map(\.name))
        case .unknownStudent(let student, let className?):
            return Suggest.hint(for: student, among: classes.first { $0.name == className }?.students ?? [])
        case .unknownStudent(let student, nil):
            return Suggest.hint(for: student, among: Set(classes.flatMap(\.students)).sorted())
        default:
            return ""
        }
    }
}

/// An unknown class or student, said with a "did you mean".
struct UnknownName: Error, CustomStringConvertible {
    let description: String
}
