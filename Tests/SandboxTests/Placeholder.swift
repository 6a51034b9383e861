import Testing
@testable import Sandbox
