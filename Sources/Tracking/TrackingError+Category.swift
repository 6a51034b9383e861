extension TrackingError {
    /// What kind of failure an error is, for an app to switch on: ClassKit's `CLSError.Code`
    /// where it has one, and two EduJam additions (``notFound``, ``incompatibleStore``).
    ///
    /// ClassKit's `classKitUnavailable`, `authorizationDenied` and `invalidAccountCredentials`
    /// have no case: EduJam has no device roles and no accounts.
    public enum Category: String, Sendable, CaseIterable {
        /// A value breaks a rule: blank, malformed, out of range (`CLSError.Code.invalidArgument`).
        case invalidArgument
        /// The object may not change now: not started, ended, superseded, locked, removed
        /// (`invalidModification`).
        case invalidModification
        /// A length, count or depth limit was exceeded (`limits`).
        case limits
        /// Something with this identifier or name already exists (`invalidCreate`).
        case invalidCreate
        /// The database refused a write (`invalidUpdate`).
        case invalidUpdate
        /// The store cannot be reached now: locked by another process, read-only, cannot be opened
        /// (`databaseInaccessible`).
        case databaseInaccessible
        /// A save wrote some changes and refused others (`partialFailure`); see
        /// ``TrackingError/partialFailure(refused:)``.
        case partialFailure
        /// No class, student, assignment or context has this name or id (no ClassKit counterpart:
        /// ClassKit asks its delegate instead).
        case notFound
        /// The file is not a store this version can use: another collection's, a newer schema,
        /// damaged rows, or not a store at all (no ClassKit counterpart).
        case incompatibleStore
    }

    /// The category of this error (``Category``).
    public var category: Category {
        switch self {
        case .invalidIdentifier, .identifierRefused, .blankTitle, .reservedType, .unknownTopic, .invalidRange,
            .invalidName, .invalidOutcome, .invalidScore, .nonFinite, .progressOutOfRange, .contextNotSaved:
            return .invalidArgument
        case .tooLong, .tooManyKeywords, .depthExceeded: return .limits
        case .notStarted, .activityEnded, .activitySuperseded, .primaryKindLocked, .primaryItemMissing,
            .contextRemoved, .cannotRemoveRoot:
            return .invalidModification
        case .duplicateIdentifier, .duplicateItemIdentifier: return .invalidCreate
        case .sqlite, .postgresql: return .invalidUpdate
        case .busy, .readOnly, .cannotOpen, .serverUnreachable, .invalidConnectionString, .standbyServer,
            .loginWithoutRole, .unknownLogin, .ownerCannotCreateRoles:
            return .databaseInaccessible
        case .partialFailure: return .partialFailure
        case .rootMismatch, .unknownMigration, .corruptRow, .notAStore, .storeNotInitialized, .storeNeedsMigration:
            return .incompatibleStore
        }
    }

    /// The context this error is about, when the case carries its path (ClassKit's
    /// `CLSErrorObjectKey`); nil otherwise. A partial failure names its objects one by one in
    /// ``RefusedChange/object``.
    public var object: TrackedObject? {
        switch self {
        case .contextNotSaved(let path):
            return .context(identifierPath: path)
        default: return nil
        }
    }
}
