internal import Recording

/// A reader of recording items: the NDJSON or the CSV reader.
protocol RecordingSource: AnyObject {
    func next() throws(RecordingError) -> RecordingItem?
    /// The line the last sample returned starts on.
    var itemLine: Int { get }
}

extension NDJSONReader: RecordingSource {}
extension CSVReader: RecordingSource {}
