/// Where a use case writes its text: standard output or a file, as the command layer opened it.
protocol TextWriter: AnyObject {
    func write(_ text: String)
    /// UTF-8 bytes (text built as bytes, such as ``TimelineRowText``'s lines).
    func write(_ bytes: [UInt8])
    /// `text` and a newline.
    func line(_ text: String)
    /// Hands what is buffered on, so a reader at the other end of a pipe sees it now.
    func flush()
}
