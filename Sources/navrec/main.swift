import ArgumentKit
import Foundation
import NavRecCommands

exit(NavRec.main(RawArguments.afterProgramName()))
