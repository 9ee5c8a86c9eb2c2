internal import Foundation
internal import TextTools

/// The process's arguments with their bytes kept: a byte that is not UTF-8 (a file name from a
/// Latin-1 or Shift-JIS file system) is escaped by ``TextTools/FileName`` instead of becoming
/// U+FFFD as in `CommandLine.arguments`, so a path given on the command line opens the file it
/// names (issue 39 item 11). The only place navrec reads `argv` itself.
package enum RawArguments {
    /// `argv[1...]`.
    package static func afterProgramName() -> [String] {
        (1..<Int(CommandLine.argc)).compactMap { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return nil }
            return FileName.string(fromBytes: UnsafeBufferPointer(start: argument, count: strlen(argument)).lazy.map { UInt8(bitPattern: $0) })
        }
    }
}
