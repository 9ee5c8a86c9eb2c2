import Foundation
import Reports
import Testing

@Suite("Perfetto time line")
struct PerfettoTimeLineTests {
    @Test("startedAt reads as microseconds since 1970 as Foundation's ISO 8601 parser reads it, zones and fractions included")
    func epochMicroseconds() throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        for text in ["1970-01-01T00:00:00Z", "2026-11-30T09:15:02Z", "2000-02-29T23:59:59Z", "2026-12-04T19:00:00+01:00",
                     "1999-12-31T22:30:00-05:30", "2100-03-01T00:00:00Z"] {
            let date = try #require(formatter.date(from: text), "\(text)")
            #expect(PerfettoTraceWriter.epochMicroseconds(text) == Int64(date.timeIntervalSince1970) * 1_000_000, "\(text)")
        }
        #expect(PerfettoTraceWriter.epochMicroseconds("2026-11-30T09:15:02.25Z") == 1_796_030_102_250_000)
        #expect(PerfettoTraceWriter.epochMicroseconds("2026-11-30T09:15:02") == 1_796_030_102_000_000)
        for bad in ["", "2026-11-30", "yesterday", "2026-13-01T00:00:00Z", "2026-11-30T09:15:02Zjunk", "2026-11-30T09:15:02."] {
            #expect(PerfettoTraceWriter.epochMicroseconds(bad) == nil, "\(bad)")
        }
    }
}
