import Testing
@testable import NavRecCommands

/// How many workers `report` starts (``StoredSessionAnalysis/workers(_:sessions:samples:cores:)``):
/// never more than the cores or the sessions, and by default only as many as the work pays for.
@Suite("report's workers")
struct ReportWorkersTests {
    @Test("--jobs beyond the cores starts one worker per core; never more than the sessions")
    func explicitJobs() {
        #expect(StoredSessionAnalysis.workers(16, sessions: 10_000, samples: 50_000, cores: 2) == 2)
        #expect(StoredSessionAnalysis.workers(1, sessions: 10_000, samples: 50_000, cores: 16) == 1)
        #expect(StoredSessionAnalysis.workers(8, sessions: 3, samples: 3_000_000, cores: 16) == 3)
        // An explicit --jobs is taken however little the work.
        #expect(StoredSessionAnalysis.workers(2, sessions: 14, samples: 1_000, cores: 2) == 2)
    }

    @Test("by default, a worker per core only where each gets enough work to pay for its connection")
    func defaultJobs() {
        // 10,000 five-sample sessions: 1.6 G instructions of work, eight workers' worth.
        #expect(StoredSessionAnalysis.workers(nil, sessions: 10_000, samples: 50_000, cores: 16) == 8)
        #expect(StoredSessionAnalysis.workers(nil, sessions: 10_000, samples: 50_000, cores: 2) == 2)
        // A few hundred short sessions: the calling thread alone.
        #expect(StoredSessionAnalysis.workers(nil, sessions: 400, samples: 40_000, cores: 16) == 1)
        // 12,000 sessions of 16.8 M samples: every core.
        #expect(StoredSessionAnalysis.workers(nil, sessions: 12_000, samples: 16_800_000, cores: 16) == 16)
        #expect(StoredSessionAnalysis.workers(nil, sessions: 0, samples: 0, cores: 16) == 1)
    }
}
