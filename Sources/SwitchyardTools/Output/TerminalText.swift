/// Text from a script or a document made safe to show on a terminal: every control character is
/// written out as the REPL's value printer writes it inside a string (`\n`, `\t`, `\r`, otherwise
/// `\ddd` for each byte), so a title, view, path, parameter, name or error message cannot clear the
/// screen, set the window title, write the clipboard (`ESC ] 52`) or move the cursor. Control
/// characters are C0 (below 0x20), DEL and C1 (U+0080–U+009F, whose UTF-8 bytes are shown).
///
///     TerminalText.escaped("a\u{1B}[2Jb")               // a\027[2Jb
///     TerminalText.escaped("one\ntwo", keepingLines: true)   // unchanged: a message's lines stay lines
///
/// Every terminal writer of the REPL and the CLI passes what it prints through `sanitized(_:)`
/// (`print`, `StandardError.write`, the pager); the printers escape the script's and the document's
/// parts with `escaped(_:keepingLines:)` before styling them. Lua's own `print` and `io.write` write
/// what the script asked for, unescaped.
package enum TerminalText {
    /// `text` with every control character escaped; with `keepingLines`, newlines and tabs stay.
    package static func escaped(_ text: String, keepingLines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) && !(keepingLines && ($0 == "\n" || $0 == "\t")) }) else {
            return text
        }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isControl(scalar) && !(keepingLines && (scalar == "\n" || scalar == "\t")) {
                out.append(contentsOf: notation(scalar).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// What is about to be written to a terminal, with every control character escaped except
    /// newlines, tabs and the colour sequences (`ESC [ digits ; ... m`) this program's own
    /// `TerminalStyle` writes. The last line of defence: a printer that escaped the script's text
    /// already leaves nothing for it to do, and one that missed a field cannot pass a sequence that
    /// does more than colour text.
    package static func sanitized(_ output: String) -> String {
        let scalars = Array(output.unicodeScalars)
        guard scalars.contains(where: { isControl($0) && $0 != "\n" && $0 != "\t" }) else { return output }
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\u{1B}", let end = colourSequenceEnd(scalars, from: index) {
                out.append(contentsOf: scalars[index...end])
                index = end + 1
                continue
            }
            if isControl(scalar) && scalar != "\n" && scalar != "\t" {
                out.append(contentsOf: notation(scalar).unicodeScalars)
            } else {
                out.append(scalar)
            }
            index += 1
        }
        return String(out)
    }

    /// `Swift.print` through `sanitized(_:)`: what the REPL and the CLI print on standard output.
    package static func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
        Swift.print(sanitized(items.map { "\($0)" }.joined(separator: separator)), terminator: terminator)
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// The value printer's notation: `\n`, `\t`, `\r`, else `\ddd` per UTF-8 byte.
    private static func notation(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\t": return "\\t"
        case "\r": return "\\r"
        default:
            return String(scalar).utf8.map { byte in
                let digits = String(byte)
                return "\\" + String(repeating: "0", count: 3 - digits.count) + digits
            }.joined()
        }
    }

    /// The index of the `m` ending an SGR sequence that starts at `start` (`ESC [ [0-9;]* m`), or nil.
    private static func colourSequenceEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start + 1 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var index = start + 2
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "m" { return index }
            guard scalar == ";" || ("0"..."9").contains(scalar) else { return nil }
            index += 1
        }
        return nil
    }
}
