import Testing
@testable import Runtime
