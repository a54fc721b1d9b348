// The `tenki` executable. Everything lives in TenkiApp, where the tests can reach it.
import TenkiApp

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

TenkiCLI.prepareProcess()
let prelude = TenkiCLI.prelude(arguments: CommandLine.arguments)
let code = await TenkiCLI.main(arguments: CommandLine.arguments, prelude: prelude)
exit(code)
