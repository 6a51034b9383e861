import Classroom
import Foundation
import Runtime
import Tracking

/// What every store command needs: the games folder's collection and the store.
struct StoreContext {
    let games: String
    let store: TrackingStore

    init(_ options: CommonOptions) throws {
        games = try Installation.games(options)
        let collection = try GameCollection.load(from: games)
        store = try StoreLocation.open(options, collection: collection, clock: .real())
    }
}

extension StoreContext {
    /// Runs a command's work; an unknown class or student comes back with the nearest name the
    /// store knows ("did you mean 'ana'?"), which only the command line can offer: Tracking
    /// knows nothing of `Suggest`.
    func suggestingNames(_ body: () throws -> ExitStatus) throws -> ExitStatus {
        do {
            return try body()
        } catch let error as ClassroomError {
            let hint = (try? nearestName(to: error)) ?? ""
            guard !hint.isEmpty else { throw error }
            throw UnknownName(description: error.forPeople + hint)
        }
    }

    private func nearestName(to error: ClassroomError) throws -> String {
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
