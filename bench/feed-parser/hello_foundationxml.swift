import Foundation
import FoundationXML

print(Date().timeIntervalSince1970 > 0, XMLParser.self)
