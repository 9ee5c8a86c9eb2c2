// libFuzzer entry point for the recording readers (not a SwiftPM target; see run.sh).
// Each input is fed to the NDJSON reader and, as CSV, to the CSV reader, through a pipe-free
// temporary file; any crash, sanitizer report or timeout is a finding.
import BarModel
import Foundation
import Recording

private let behaviors: BehaviorSet = {
    var set = BehaviorSet()
    try! set.add("largeTitle")
    return set
}()

private let path = FileManager.default.temporaryDirectory.appending(path: "navrec-fuzz-\(getpid())").path

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    FileManager.default.createFile(atPath: path, contents: Data(bytes))
    if let reader = try? NDJSONReader(path: path, displayName: "fuzz") {
        while (try? reader.next()).flatMap({ $0 }) != nil {}
    }
    if let reader = try? CSVReader(path: path, displayName: "fuzz", header: SessionHeader(behaviors: behaviors)) {
        while (try? reader.next()).flatMap({ $0 }) != nil {}
    }
    return 0
}
