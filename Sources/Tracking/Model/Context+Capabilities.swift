extension Context {
    /// What Schoolwork presents for this context; always contains ``ProgressReportingCapability/duration``.
    ///
    /// Assigning has ClassKit's replace semantics: see ``addProgressReportingCapabilities(_:)``.
    public var progressReportingCapabilities: Set<ProgressReportingCapability> {
        get { Set(capabilityList) }
        set { addProgressReportingCapabilities(newValue) }
    }

    /// Replaces the previously added capabilities with `capabilities`.
    ///
    /// As in ClassKit, duration entries are ignored (duration is always present), one entry per kind
    /// is kept, and a set with nothing but duration leaves the capabilities unchanged.
    /// - Parameter capabilities: The new set.
    public func addProgressReportingCapabilities(_ capabilities: Set<ProgressReportingCapability>) {
        guard let replacement = ProgressReportingCapability.replacement(for: capabilities) else { return }
        capabilityList = replacement
        touch()
    }

    /// Restores the default: duration only.
    public func resetProgressReportingCapabilities() {
        capabilityList = [.duration]
        touch()
    }

    /// Sets ``topic`` from its name, throwing where ClassKit would silently ignore the call.
    /// - Parameter name: A ``Topic`` raw value, or an empty string for no topic.
    /// - Throws: ``TrackingError/unknownTopic(_:)``.
    public func setTopic(named name: String) throws {
        topic = try Topic.named(name)
    }
}
