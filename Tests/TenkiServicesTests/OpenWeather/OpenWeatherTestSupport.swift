import Foundation
import TenkiBase
import TenkiHTTPClient
import TenkiHTTPServer
import TenkiLogging


