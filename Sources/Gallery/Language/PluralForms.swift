/// A PO header's `Plural-Forms` (`nplurals=2; plural=(n != 1);`): how many forms a counted
/// message has in a language, and which one a number takes, by the C expression translators'
/// tools write. The reader is total: any text gives a rule or a `POError`, an expression nests at
/// most 64 deep, and arithmetic cannot trap (division by zero is 0, overflow wraps).
struct PluralForms: Sendable, Equatable {
    indirect enum Node: Sendable, Equatable {
        case n
        case number(Int)
        case not(Node)
        case binary(String, Node, Node)
        case choice(Node, Node, Node)
    }

    let count: Int
    let rule: Node

    /// English's, and every language's until its catalog says otherwise.
    static let english = PluralForms(count: 2, rule: .binary("!=", .n, .number(1)))

    init(count: Int, rule: Node) {
        (self.count, self.rule) = (count, rule)
    }

    /// Reads `nplurals=N; plural=EXPR;`.
    init(header: String) throws {
        var count: Int?
        var rule: Node?
        for part in header.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            switch pair[0].trimmingSpaces {
            case "nplurals":
                guard let n = Int(pair[1].trimmingSpaces), (1...6).contains(n) else {
                    throw POError(line: 0, message: "nplurals is not a number from 1 to 6")
                }
                count = n
            case "plural":
                var parser = Parser(bytes: Array(pair[1].utf8))
                rule = try parser.expression()
            default: continue
            }
        }
        guard let count, let rule else { throw POError(line: 0, message: "Plural-Forms needs nplurals and plural") }
        self.init(count: count, rule: rule)
    }

    /// The form `number` takes: always one of `0..<count`.
    func form(for number: Int) -> Int {
        let value = Self.evaluate(rule, number)
        return value >= 0 && value < count ? value : count - 1
    }

    static func evaluate(_ node: Node, _ n: Int) -> Int {
        switch node {
        case .n: return n
        case .number(let value): return value
        case .not(let inner): return evaluate(inner, n) == 0 ? 1 : 0
        case .choice(let test, let yes, let no): return evaluate(test, n) != 0 ? evaluate(yes, n) : evaluate(no, n)
        case .binary(let op, let left, let right):
            let a = evaluate(left, n)
            // `||` and `&&` look no further than they must, as C does.
            if op == "||" { return a != 0 ? 1 : (evaluate(right, n) != 0 ? 1 : 0) }
            if op == "&&" { return a == 0 ? 0 : (evaluate(right, n) != 0 ? 1 : 0) }
            let b = evaluate(right, n)
            switch op {
            case "==": return a == b ? 1 : 0
            case "!=": return a != b ? 1 : 0
            case "<": return a < b ? 1 : 0
            case ">": return a > b ? 1 : 0
            case "<=": return a <= b ? 1 : 0
            case ">=": return a >= b ? 1 : 0
            case "+": return a &+ b
            case "-": return a &- b
            case "*": return a &* b
            case "/": return b == 0 || (a == .min && b == -1) ? 0 : a / b
            case "%": return b == 0 || (a == .min && b == -1) ? 0 : a % b
            default: return 0
            }
        }
    }

    /// Precedence climbing over C's operators, lowest first.
    private struct Parser {
        let bytes: [UInt8]
        var at = 0
        var depth = 0
        static let levels: [[String]] = [["||"], ["&&"], ["==", "!="], ["<=", ">=", "<", ">"], ["+", "-"], ["*", "/", "%"]]

        mutating func expression() throws -> Node {
            let node = try choice()
            skipSpaces()
            guard at == bytes.count else { throw fail("unexpected text") }
            return node
        }

        mutating func choice() throws -> Node {
            depth += 1
            defer { depth -= 1 }
            guard depth <= 64 else { throw fail("nests too deep") }
            let test = try binary(level: 0)
            guard take("?") else { return test }
            let yes = try choice()
            guard take(":") else { throw fail("a ? has no :") }
            return .choice(test, yes, try choice())
        }

        mutating func binary(level: Int) throws -> Node {
            guard level < Self.levels.count else { return try unary() }
            var left = try binary(level: level + 1)
            while let op = Self.levels[level].first(where: { peek($0) }) {
                _ = take(op)
                left = .binary(op, left, try binary(level: level + 1))
            }
            return left
        }

        mutating func unary() throws -> Node {
            depth += 1
            defer { depth -= 1 }
            guard depth <= 64 else { throw fail("nests too deep") }
            if peek("!") && !peek("!=") {
                _ = take("!")
                return .not(try unary())
            }
            if take("(") {
                let inner = try choice()
                guard take(")") else { throw fail("a ( is not closed") }
                return inner
            }
            skipSpaces()
            if at < bytes.count, bytes[at] == UInt8(ascii: "n") {
                at += 1
                return .n
            }
            var value = 0
            var digits = 0
            while at < bytes.count, bytes[at] >= 0x30, bytes[at] <= 0x39, digits < 9 {
                value = value * 10 + Int(bytes[at] - 0x30)
                at += 1
                digits += 1
            }
            guard digits > 0 else { throw fail("expected n, a number or (") }
            return .number(value)
        }

        mutating func skipSpaces() {
            while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x09 || bytes[at] == 0x0A || bytes[at] == 0x0D { at += 1 }
        }

        mutating func peek(_ token: String) -> Bool {
            skipSpaces()
            let t = Array(token.utf8)
            guard at + t.count <= bytes.count else { return false }
            return Array(bytes[at..<at + t.count]) == t
        }

        mutating func take(_ token: String) -> Bool {
            guard peek(token) else { return false }
            at += token.utf8.count
            return true
        }

        func fail(_ message: String) -> POError { POError(line: 0, message: "Plural-Forms: \(message) at character \(at + 1)") }
    }
}
