import Foundation

/// One language pages are written in: its messages from its catalog (`Locales/TAG.po`), the
/// rule that picks a counted message's form, and how it writes numbers, sizes and dates.
/// English is the sources' own and needs no catalog.
public final class Language: Sendable {
    /// The language's tag (`de`, `pt-BR`), as `<html lang>` and Accept-Language name it.
    public let tag: String
    /// The language's name in itself ("Deutsch"), for the account page's choice.
    let name: String
    /// Written right to left: pages get `dir="rtl"`, and the layout mirrors.
    let rightToLeft: Bool
    let plural: PluralForms
    /// Each message's forms, by its English text (and its context, `context\u{4}id`).
    let messages: [String: [String]]
    private let pieces: [String: [[Piece]]]
    private let formats: Formats?

    /// A translation cut at its placeholders, once, when the catalog is read.
    private enum Piece: Sendable {
        case text(String)
        case argument(Int)
    }

    public static let english = Language(tag: "en", name: "English", rightToLeft: false, plural: .english, messages: [:])

    /// Tags of the languages written right to left (CLDR's character order).
    static let rightToLeftTags: Set<String> = ["ar", "he", "fa", "ur", "ps", "yi", "dv", "ckb", "sd", "ug"]
    /// Languages' names in themselves, for the languages shipped.
    static let names = ["en": "English", "de": "Deutsch", "fr": "Français", "es": "Español", "ja": "日本語", "ar": "العربية"]

    init(tag: String, name: String, rightToLeft: Bool, plural: PluralForms, messages: [String: [String]]) {
        (self.tag, self.name, self.rightToLeft, self.plural, self.messages) = (tag, name, rightToLeft, plural, messages)
        pieces = messages.mapValues { $0.map(Self.cut) }
        formats = tag == "en" ? nil : Formats(tag: tag)
    }

    /// The language a catalog holds: its translated entries (not the fuzzy or empty ones), its
    /// plural rule from the header. `tag` is the file's name without `.po`.
    convenience init(tag: String, catalog: POFile) throws {
        let plural = try catalog.header["Plural-Forms"].map { try PluralForms(header: $0) } ?? .english
        var messages: [String: [String]] = [:]
        for entry in catalog.entries where !entry.fuzzy && !entry.strings.isEmpty && entry.strings.allSatisfy({ !$0.isEmpty }) {
            // A counted message needs every form its language has; one short is not used.
            if entry.plural != nil && entry.strings.count < plural.count { continue }
            messages[Self.key(entry.id, context: entry.context)] = entry.strings
        }
        let primary = String(tag.split(separator: "-").first ?? Substring(tag)).lowercased()
        self.init(tag: tag, name: catalog.header["X-Language-Name"] ?? Self.names[primary] ?? tag,
                  rightToLeft: Self.rightToLeftTags.contains(primary), plural: plural, messages: messages)
    }

    static func key(_ id: String, context: String? = nil) -> String { context.map { $0 + "\u{4}" + id } ?? id }

    /// "ltr" or "rtl", for `<html dir>`.
    var direction: String { rightToLeft ? "rtl" : "ltr" }

    /// The translation of a template's text (forms[0]), or nil where the catalog has none.
    func translation(of id: String) -> String? { messages[id]?.first }

    /// The phrase in this language: its translation where the catalog has one, else its English.
    public func say(_ phrase: Phrase) -> String {
        var out = ""
        say(phrase, into: &out)
        return out
    }

    private func say(_ phrase: Phrase, into out: inout String) {
        if let forms = pieces[phrase.context.map { Self.key(phrase.id, context: $0) } ?? phrase.id] {
            let form = phrase.count.map { plural.form(for: $0) } ?? 0
            for piece in forms[min(form, forms.count - 1)] {
                switch piece {
                case .text(let text): out += text
                case .argument(let index): if index < phrase.arguments.count { write(phrase.arguments[index], of: phrase, into: &out) }
                }
            }
            return
        }
        let english = phrase.count.map { $0 == 1 ? phrase.id : (phrase.plural ?? phrase.id) } ?? phrase.id
        // The sources' English is said as it is read, placeholder by placeholder, with nothing
        // cut out first (most pages say most of their phrases in English, or fall back to it).
        var rest = Substring(english)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            let after = rest[rest.index(after: open)...]
            let digits = after.prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, digits.count <= 2, after.dropFirst(digits.count).first == "}", let index = Int(digits) {
                if index < phrase.arguments.count { write(phrase.arguments[index], of: phrase, into: &out) }
                rest = after.dropFirst(digits.count + 1)
            } else {
                out += "{"
                rest = after
            }
        }
        out += rest
    }

    private func write(_ argument: Phrase.Argument, of phrase: Phrase, into out: inout String) {
        // A name inside a right-to-left sentence ("العودة إلى 2019 Holiday"), given as text or as
        // `Phrase.verbatim` (a folder's or an album's), is set apart (first strong isolate … pop
        // directional isolate), so it keeps its own direction and the sentence's punctuation
        // stays where the sentence put it.
        let isolating = rightToLeft && phrase.id != "{0}"
        switch argument {
        case .text(let text): out += isolating ? "\u{2068}" + text + "\u{2069}" : text
        case .phrase(let inner):
            let apart = isolating && inner.id == "{0}"
            if apart { out += "\u{2068}" }
            say(inner, into: &out)
            if apart { out += "\u{2069}" }
        case .number(let n): out += formats?.number(n) ?? Formatting.count(n)
        case .tenths(let value):
            let english = String(format: "%.1f", value)
            out += formats.map { english.replacingOccurrences(of: ".", with: $0.decimalMark) } ?? english
        case .bytes(let n): out += formats?.bytes(n) ?? Formatting.bytes(n)
        case .date(let seconds, let style):
            guard let formats else {
                switch style {
                case .time: out += Formatting.cameraDate(seconds)
                case .day: out += Formatting.day(seconds)
                case .weekday: out += Formatting.weekday(seconds)
                case .month: out += Formatting.monthName(seconds)
                }
                return
            }
            out += formats.date(seconds, style)
        case .months(let from, let to):
            guard let formats else { out += Formatting.monthRange(from, to) ?? ""; return }
            guard let first = from ?? to, let last = to ?? from else { return }
            let (start, end) = (formats.shortMonth(min(first, last)), formats.shortMonth(max(first, last)))
            out += start == end ? start : start + " – " + end
        }
    }

    /// `{0}`, `{12}` in a message become its arguments; any other brace is text.
    private static func cut(_ message: String) -> [Piece] {
        // Over the UTF-8 bytes: braces and digits are ASCII, never a byte of a longer character.
        let utf8 = message.utf8
        guard utf8.contains(UInt8(ascii: "{")) else { return [.text(message)] }
        var pieces: [Piece] = []
        var text = ""
        var pending = utf8.startIndex, at = utf8.startIndex
        while let open = utf8[at...].firstIndex(of: UInt8(ascii: "{")) {
            var cursor = utf8.index(after: open)
            var index = 0, digits = 0
            while cursor < utf8.endIndex, digits <= 2, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(utf8[cursor]) {
                index = index * 10 + Int(utf8[cursor] - UInt8(ascii: "0"))
                digits += 1
                cursor = utf8.index(after: cursor)
            }
            if (1...2).contains(digits), cursor < utf8.endIndex, utf8[cursor] == UInt8(ascii: "}") {
                text += message[pending..<open]
                if !text.isEmpty { pieces.append(.text(text)); text = "" }
                pieces.append(.argument(index))
                at = utf8.index(after: cursor)
                pending = at
            } else {
                at = utf8.index(after: open)
            }
        }
        text += message[pending...]
        if !text.isEmpty { pieces.append(.text(text)) }
        return pieces
    }

    /// How a language other than English writes numbers, sizes and dates (ICU's, through Foundation).
    private struct Formats: Sendable {
        let integers: IntegerFormatStyle<Int>
        let asciiDigits: Bool
        let decimalMark: String
        /// The words of each unit from bytes to TB around `{0}`.
        let units: [String]
        let time, day, weekday, month, shortMonthYear: Date.FormatStyle

        init(tag: String) {
            let locale = Locale(identifier: tag)
            var calendar = Calendar(identifier: .gregorian)
            let utc = TimeZone(identifier: "UTC")!
            calendar.timeZone = utc
            let base = Date.FormatStyle(locale: locale, calendar: calendar, timeZone: utc)
            integers = IntegerFormatStyle<Int>.number.locale(locale)
            let sizes = ByteCountFormatStyle(style: .file, locale: locale)
            asciiDigits = 7.formatted(integers) == "7"
            // "1,5" → ","; each unit's words around a 5 ("5 Mo" → "{0} Mo").
            decimalMark = String(1.5.formatted(FloatingPointFormatStyle<Double>.number.precision(.fractionLength(1)).locale(locale))
                .dropFirst().dropLast())
            let five = 5.formatted(integers)
            units = (0..<5).map { power in
                let sample = Int64(5 * pow(1000.0, Double(power)))
                let text = sample.formatted(sizes)
                guard let at = text.range(of: five) else { return "{0} " + ["bytes", "kB", "MB", "GB", "TB"][power] }
                return text.replacingCharacters(in: at, with: "{0}")
            }
            time = Date.FormatStyle(date: .abbreviated, time: .shortened, locale: locale, calendar: calendar, timeZone: utc)
            day = Date.FormatStyle(date: .abbreviated, time: .omitted, locale: locale, calendar: calendar, timeZone: utc)
            weekday = base.weekday(.wide).day().month(.wide).year()
            month = base.month(.wide).year()
            shortMonthYear = base.month(.abbreviated).year()
        }

        /// ICU's integer style costs microseconds a number: a number under 1,000 needs no
        /// grouping, and is written as ICU would write it wherever the language's digits are ASCII's.
        func number(_ n: Int) -> String {
            asciiDigits && n > -1_000 && n < 1_000 ? String(n) : n.formatted(integers)
        }

        /// A size as ICU's file style writes it, from the language's own unit words (read once)
        /// and its decimal mark: ICU's byte-count style costs tens of microseconds a size.
        func bytes(_ n: Int64) -> String {
            var value = Double(n)
            var unit = 0
            while value >= 1000, unit < units.count - 1 { value /= 1000; unit += 1 }
            let figure = unit == 0 ? number(Int(n)) : value < 10
                ? String(format: "%.1f", value).replacingOccurrences(of: ".", with: decimalMark) : number(Int(value.rounded()))
            return units[unit].replacingOccurrences(of: "{0}", with: figure)
        }
        func shortMonth(_ seconds: Int64) -> String { Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(shortMonthYear) }
        func date(_ seconds: Int64, _ style: Phrase.DateStyle) -> String {
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            switch style {
            case .time: return date.formatted(time)
            case .day: return date.formatted(day)
            case .weekday: return date.formatted(weekday)
            case .month: return date.formatted(month)
            }
        }
    }
}
