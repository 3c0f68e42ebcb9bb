/// Words a person reads, kept as their English message and its arguments until a page is
/// rendered: the page's language then says them (`Language.say`), so a view model is built once,
/// whoever reads it. Made only by `Phrase("…")`, `Phrase(context: "…", "…")` and `Phrase(count: n, "…", "…")` with string literals,
/// which is what `MessageCatalog` finds in the sources: interpolations become `{0}`, `{1}`, …
/// in the message, in their order.
public struct Phrase: Sendable, Encodable, Equatable, CustomStringConvertible {
    /// What goes into a message's placeholder.
    public enum Argument: Sendable {
        /// A name (of a file, a person, a place, a tag): shown as it is.
        case text(String)
        /// A number, written the language's way.
        case number(Int)
        /// A number with one decimal ("0.4", "0,4"), written the language's way.
        case tenths(Double)
        /// Words of their own, said in the same language.
        case phrase(Phrase)
        /// A camera time (stored as if UTC), written the language's way.
        case date(Int64, DateStyle)
        /// A file's size.
        case bytes(Int64)
        /// The months photos were taken in, from the first to the last.
        case months(Int64?, Int64?)
    }

    /// How much of a date is said.
    public enum DateStyle: Sendable, Equatable {
        /// "4 Jul 2021, 10:20".
        case time
        /// "4 Jul 2021".
        case day
        /// "Sunday 4 July 2021".
        case weekday
        /// "July 2021".
        case month
    }

    /// The English message, its placeholders `{0}`, `{1}`, ….
    let id: String
    /// What tells two messages with the same English apart (gettext's `msgctxt`).
    let context: String?
    /// The English message for counts other than one.
    let plural: String?
    /// The number that picks the plural form.
    let count: Int?
    let arguments: [Argument]

    /// A message with no plural.
    public init(_ text: Text) {
        (id, context, plural, count, arguments) = (text.message, nil, nil, nil, text.arguments)
    }

    /// A message whose English is another message's too, told apart by `context`.
    public init(context: String, _ text: Text) {
        (id, self.context, plural, count, arguments) = (text.message, context, nil, nil, text.arguments)
    }

    /// A counted message: `one` in English for 1, `other` otherwise; each language has its own forms.
    public init(count: Int, _ one: Text, _ other: Text) {
        (id, context, plural, self.count, arguments) = (one.message, nil, other.message, count, other.arguments)
    }

    private init(id: String, arguments: [Argument]) {
        (self.id, context, plural, count, self.arguments) = (id, nil, nil, nil, arguments)
    }

    /// Text that is not translated (a name, a number already written), where a phrase is asked for.
    public static func verbatim(_ text: String) -> Phrase { Phrase(id: "{0}", arguments: [.text(text)]) }

    /// Several phrases, each in the reader's language, one after another with `separator`.
    public static func joined(_ parts: [Phrase], separator: String) -> Phrase {
        Phrase(id: parts.indices.map { "{\($0)}" }.joined(separator: separator), arguments: parts.map(Argument.phrase))
    }

    /// The phrase as English says it (logs, tests, anything not rendered in a page).
    public var english: String { Language.english.say(self) }

    public var description: String { english }

    /// Two phrases are the same when English says them the same (view models compare so).
    public static func == (lhs: Phrase, rhs: Phrase) -> Bool { lhs.english == rhs.english }

    /// Outside a page (JSON, a test's encoder), a phrase is its English.
    public func encode(to encoder: any Encoder) throws {
        if let page = encoder as? ViewEncoder { return page.write(.text(page.scope.language.say(self))) }
        var container = encoder.singleValueContainer()
        try container.encode(english)
    }

    /// A message as the source writes it: literal text with interpolations.
    public struct Text: ExpressibleByStringInterpolation, Sendable {
        var message = ""
        var arguments: [Argument] = []

        public init(stringLiteral value: String) { message = value }
        public init(stringInterpolation: Interpolation) { (message, arguments) = (stringInterpolation.message, stringInterpolation.arguments) }

        public struct Interpolation: StringInterpolationProtocol {
            var message = ""
            var arguments: [Argument] = []
            public init(literalCapacity: Int, interpolationCount: Int) { message.reserveCapacity(literalCapacity + 4 * interpolationCount) }
            public mutating func appendLiteral(_ literal: String) { message += literal }
            public mutating func appendInterpolation(_ argument: Argument) {
                message += "{\(arguments.count)}"
                arguments.append(argument)
            }
            public mutating func appendInterpolation(_ text: some StringProtocol) { appendInterpolation(Argument.text(String(text))) }
            public mutating func appendInterpolation(_ number: Int) { appendInterpolation(Argument.number(number)) }
            public mutating func appendInterpolation(_ number: Int64) { appendInterpolation(Argument.number(Int(clamping: number))) }
            public mutating func appendInterpolation(_ phrase: Phrase) { appendInterpolation(Argument.phrase(phrase)) }
        }
    }
}

extension Phrase {
    /// A number alone, written the reader's way.
    public static func number(_ n: Int) -> Phrase { Phrase("\(n)") }
    /// A camera time alone ("4 Jul 2021, 10:20" in English).
    static func date(_ seconds: Int64, _ style: DateStyle) -> Phrase { Phrase("\(Argument.date(seconds, style))") }
    /// A file's size alone ("2.4 MB").
    public static func bytes(_ n: Int64) -> Phrase { Phrase("\(Argument.bytes(n))") }
    /// The months photos were taken in ("Jan – Mar 2021"); nil when none has a camera date.
    static func months(_ from: Int64?, _ to: Int64?) -> Phrase? {
        from == nil && to == nil ? nil : Phrase("\(Argument.months(from, to))")
    }
}
