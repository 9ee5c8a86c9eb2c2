@testable import BarModel
@testable import NavRec
import Recording
import Testing

/// ``FrameSpool``'s reader hands its in-memory blocks over as they are
/// (``SessionFrameReader/next(orInto:)``) to the passes that only read them, where
/// ``SessionFrameReader/read(into:)`` copied each (the analyses over them: SpoolAnalysisHandoverTests).
@Suite("Frame spool blocks handed over")
struct FrameSpoolHandoverTests {
    @Test("next(orInto:) gives the frames read(into:) copies: memory's blocks as they are, spilled ones in the scratch block",
          arguments: [1, 1_000, FrameSpool.memoryBlocks * 64 * 2 + 64 * 3 + 17])
    func sameFrames(count: Int) throws {
        let spool = FrameSpool()
        let frames = (0..<count).map(FrameSpoolTests.frame)
        for frame in frames { try spool.append(frame.sample, computed: frame.computed, observed: frame.observed) }
        let reader = spool.reader(session: "s")
        let scratch = FrameColumns()
        var read: [SessionFrame] = [], frame = SessionFrame.empty, blocks = 0, inScratch = 0
        while let block = try reader.next(orInto: scratch) {
            #expect(block.firstSeq == read.count)
            for row in 0..<block.count {
                block.load(row, into: &frame)
                read.append(frame)
            }
            blocks += 1
            if block === scratch { inScratch += 1 }
        }
        #expect(read == frames)
        #expect(blocks == (count + 63) / 64)
        // Counter-case: only a spool that spilled fills the scratch block, with its spilled blocks;
        // the ones still in memory are handed over.
        let spilled = count > FrameSpool.memoryBlocks * 64
        #expect(spilled ? inScratch > 0 && inScratch < blocks : inScratch == 0)
        #expect(try reader.next(orInto: scratch) == nil)
        // A reader that holds no blocks fills the scratch block.
        #expect(try FrameArrayReader(frames).next(orInto: scratch) === scratch)
    }
}
