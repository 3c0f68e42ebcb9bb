import Foundation

/// One child of a parsed element: an element or a run of text (never two runs side by side).
indirect enum XMLNode: Sendable, Equatable {
    case element(XMLElement)
    case text(String)
}
