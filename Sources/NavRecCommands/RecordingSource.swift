internal import Recording

/// A reader of recording items: the NDJSON or the CSV reader.
protocol RecordingSource: AnyObject {
    func next() throws(RecordingError) -> RecordingItem?
}

extension NDJSONReader: RecordingSource {}
extension CSVReader: RecordingSource {}
