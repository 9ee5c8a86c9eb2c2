import Foundation
import NavRecCommands

exit(NavRec.main(Array(CommandLine.arguments.dropFirst())))
