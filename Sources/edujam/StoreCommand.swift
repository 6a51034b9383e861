import Classroom
import EdujamCommandLine
import Foundation
import Runtime
import School
import Tracking

/// What every store command needs: the store, opened for the collection it was claimed for, so
/// that a command that plays nothing needs no games folder (``StoreRoot/claimed``).
struct StoreContext {
    let store: TrackingStore
    /// Whether the store was opened at the read address (``StoreLocation/readAddress()``), which
    /// may be a standby: whatever the command writes goes to a store opened without `reading`.
    let atReadAddress: Bool

    /// Opens the store; `reading`, for a command that only reads, at the read address when one is set.
    init(_ options: CommonOptions, reading: Bool = false) throws {
        if reading {
            (store, atReadAddress) = try StoreLocation(options).openForReading(clock: .real())
        } else {
            store = try StoreLocation(options).open(root: .claimed, clock: .real())
            atReadAddress = false
        }
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
