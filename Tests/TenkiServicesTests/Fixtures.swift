import TenkiTestSupport

/// `Tests/Fixtures`, for every file of this target without importing the support module.
typealias Fixtures = TenkiTestSupport.Fixtures
